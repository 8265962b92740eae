/**
 * Property: a quote cut from any scene of the sample manuscript at a random place (4–20 words,
 * often across a line wrap, with its line breaks and apostrophes written the way a model might)
 * always verifies when it can prove something (it is informative, and it does not start right
 * after a negation, which would turn its meaning round); the same quote with one word changed to
 * a different word never does.
 */
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace } from '../../adapters/fs-workspace/index.js';
import { quoteFragments } from './quote-fragments.js';
import { QuoteIndex } from './quote-index.js';
import { validateEvidence } from './validate-evidence.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
const STRANGERS = ['zebra', 'quasar', 'xylem', 'kumquat', 'wombat', 'fjord'];

interface Scene {
  path: string;
  text: string;
  /** Words of the prose (after the front matter) with their offsets. */
  words: Array<{ start: number; end: number }>;
}

let workspace: FsWorkspace;
let scenes: Scene[];
const index = new QuoteIndex();

beforeAll(async () => {
  workspace = await FsWorkspace.open(SAMPLE);
  const paths = (await workspace.listFiles()).filter((file) => file.startsWith('Story/Scenes/'));
  scenes = await Promise.all(
    paths.map(async (file) => {
      const text = (await workspace.read(file)).content;
      const body = text.indexOf('\n---', 3) + 4;
      const words = [...text.slice(body).matchAll(/\S+/g)].map((match) => ({ start: body + match.index, end: body + match.index + match[0].length }));
      return { path: file, text, words };
    }),
  );
  expect(scenes.length).toBeGreaterThanOrEqual(10);
});

/** A cut: which scene, where it starts, how many words, how it is written. */
const cut = fc.record({
  scene: fc.nat(),
  start: fc.nat(),
  length: fc.integer({ min: 4, max: 20 }),
  joinLines: fc.boolean(),
  straightApostrophes: fc.boolean(),
  changed: fc.nat(),
  stranger: fc.constantFrom(...STRANGERS),
});

const NEGATION_BEFORE = /(?:\b(?:not|no|never|nor|neither|nobody|nothing|nowhere|none|cannot|without|hardly|scarcely|barely|seldom|rarely)|n[’']t)[ \t\n]*$/i;

/** A negation right after the cut: "a coat that was" out of "a coat that was not his" is refused. */
const NEGATION_AFTER = /^[ \t\n_*]*(?:not|never|no|nothing|nobody|hardly|scarcely|barely|seldom|rarely)\b/i;

/** True when the cut can prove something: informative, and not cut right after (or before) a negation. */
function provesSomething(scene: Scene, quote: string, start: number, end: number): boolean {
  return quoteFragments(quote).ok && !NEGATION_BEFORE.test(scene.text.slice(Math.max(0, start - 20), start)) && !NEGATION_AFTER.test(scene.text.slice(end, end + 20));
}

function quoteOf(value: { scene: number; start: number; length: number; joinLines: boolean; straightApostrophes: boolean }): {
  scene: Scene;
  words: string[];
  quote: string;
  start: number;
  end: number;
} {
  const scene = scenes[value.scene % scenes.length] as Scene;
  const first = value.start % Math.max(1, scene.words.length - value.length);
  const picked = scene.words.slice(first, first + value.length);
  let quote = scene.text.slice(picked[0]?.start, picked[picked.length - 1]?.end);
  if (value.joinLines) quote = quote.replace(/\n/g, ' ');
  if (value.straightApostrophes) quote = quote.replace(/’/g, "'");
  return { scene, words: picked.map((word) => scene.text.slice(word.start, word.end)), quote, start: picked[0]?.start ?? 0, end: picked[picked.length - 1]?.end ?? 0 };
}

const evidence = (file: string, quote: string): string => `The scene says so.\nEvidence: content | ${file} | "${quote}"`;

describe('quote verification over the sample manuscript', () => {
  it('verifies every quote cut from a scene, line wraps and curly quotes included', async () => {
    await fc.assert(
      fc.asyncProperty(cut, async (value) => {
        const { scene, quote, start, end } = quoteOf(value);
        fc.pre(provesSomething(scene, quote, start, end));
        const report = await validateEvidence(evidence(scene.path, quote), { workspace, knownReceiptIds: new Set(), quoteIndex: index });
        expect(report.issues).toEqual([]);
        expect(report.locations[0]?.path).toBe(scene.path);
      }),
      { numRuns: 250 },
    );
  });

  it('never verifies the same quote with one word changed', async () => {
    await fc.assert(
      fc.asyncProperty(cut, async (value) => {
        const { scene, words, quote } = quoteOf(value);
        const position = value.changed % words.length;
        // Rebuild the quote word by word, keeping the original separators (spaces or line breaks).
        const separators = quote.split(/\S+/);
        const altered = words.map((word, at) => `${separators[at] ?? ''}${at === position ? value.stranger : word}`).join('') + (separators[words.length] ?? '');
        expect(altered).not.toBe(quote);
        const report = await validateEvidence(evidence(scene.path, value.straightApostrophes ? altered.replace(/’/g, "'") : altered), { workspace, knownReceiptIds: new Set(), quoteIndex: index });
        expect(report.ok).toBe(false);
        const codes = report.issues.map((issue) => issue.code);
        expect(codes.length).toBe(1);
        expect(['quote_not_found', 'evidence_invalid']).toContain(codes[0]);
      }),
      { numRuns: 250 },
    );
  });
});
