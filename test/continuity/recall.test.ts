/**
 * Recall and precision of the continuity pass on every test manuscript (`test/manuscripts/<slug>/`):
 * each is imported with the real import, the real `continuity-pass` recipe runs over it, and every
 * finding, error or warning, is matched against the planted errors of its `truth.json`.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUSCRIPTS, listManuscripts, measureDetails, measureManuscript, measureTable, type ManuscriptMeasure } from './measure-continuity.js';

const TARGET = 0.9;
/**
 * Manuscripts the pass does not reach the target on yet, with the figures it must not fall below
 * (raise them as the checks improve; remove a row once the target is met).
 */
const FLOORS: Record<string, { recall: number; precision: number }> = JSON.parse(await fs.readFile(path.join(import.meta.dirname, 'floors.json'), 'utf8')) as Record<string, { recall: number; precision: number }>;

const slugs = await listManuscripts();
const measured: ManuscriptMeasure[] = [];
let scratch: string;

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-recall-'));
});
afterAll(async () => {
  if (measured.length > 0) process.stdout.write(`\n${measureTable(measured)}\n`);
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('the continuity pass on the test manuscripts', () => {
  it('has manuscripts to measure', () => {
    expect(slugs.length).toBeGreaterThanOrEqual(1);
  });

  for (const slug of slugs) {
    it(`finds the planted errors of ${slug} and little else`, async () => {
      const row = await measureManuscript(path.join(MANUSCRIPTS, slug), scratch);
      measured.push(row);
      const floor = FLOORS[slug] ?? { recall: TARGET, precision: TARGET };
      expect(row.recall, measureDetails(row)).toBeGreaterThanOrEqual(Math.min(TARGET, floor.recall));
      expect(row.precision, measureDetails(row)).toBeGreaterThanOrEqual(Math.min(TARGET, floor.precision));
    }, 120_000);
  }
});
