/**
 * Runs every reply of test/corpus/evidence/replies.json through `validateEvidence` against the
 * sample manuscript (Glass Harbour, opened read-only): real quotes with curly quotes, line wraps,
 * ellipses and em dashes that must pass, and invented, altered and mis-attributed quotes, wrong
 * ranges, unknown receipts, missing scopes, doubled lines, reasoning, tool syntax and role
 * mismatches, each with the exact set of issue codes it must produce.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import corpus from '../../../test/corpus/evidence/replies.json' with { type: 'json' };
import { EVIDENCE_ISSUE_CODES, type FileRef } from '../../protocol/index.js';
import { FsWorkspace } from '../../adapters/fs-workspace/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { QuoteIndex } from './quote-index.js';
import { validateEvidence } from './validate-evidence.js';

interface CorpusEntry {
  name: string;
  reply: string;
  agent?: string;
  knownReceiptIds?: string[];
  /** What each receipt read, for the receipt-source rule. */
  receiptFiles?: Record<string, FileRef[]>;
  expect: { ok: true; locations?: Array<{ path: string; startLine: number; endLine: number }> } | { ok: false; codes: string[] };
}

const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
const DEFAULT_RECEIPTS = ['rcpt_0192f3a1-7c2e-7d10-9a4b-5e6f70818293', 'rcpt_0192f3a1-7c2e-7d10-9a4b-5e6f70818294'];
const entries = corpus as CorpusEntry[];
const agents = defaultAgentsFile().agents;
const index = new QuoteIndex();
let workspace: FsWorkspace;

beforeAll(async () => {
  workspace = await FsWorkspace.open(SAMPLE);
});

describe('evidence corpus over the sample manuscript', () => {
  it('holds at least 60 uniquely named replies, passing and failing, covering every issue code', () => {
    expect(entries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(entries.length);
    expect(entries.filter((entry) => entry.expect.ok).length).toBeGreaterThanOrEqual(25);
    const codes = new Set(entries.flatMap((entry) => (entry.expect.ok ? [] : entry.expect.codes)));
    expect([...codes].sort()).toEqual([...EVIDENCE_ISSUE_CODES].sort());
  });

  it.each(entries.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const agent = entry.agent === undefined ? undefined : agents.find((candidate) => candidate.id === entry.agent);
    const report = await validateEvidence(entry.reply, {
      workspace,
      knownReceiptIds: new Set(entry.knownReceiptIds ?? DEFAULT_RECEIPTS),
      quoteIndex: index,
      ...(entry.receiptFiles ? { receiptFiles: new Map(Object.entries(entry.receiptFiles)) } : {}),
      ...(agent ? { agent: { id: agent.id, evidenceSources: agent.evidenceSources } } : {}),
    });
    if (entry.expect.ok) {
      expect(report.issues).toEqual([]);
      expect(report.ok).toBe(true);
      if (entry.expect.locations) {
        expect(report.locations.map(({ path: file, startLine, endLine }) => ({ path: file, startLine, endLine }))).toEqual(entry.expect.locations);
        // Offsets map back to the original text: the highlighted characters are the quoted lines.
        for (const location of report.locations) {
          const text = (await workspace.read(location.path)).content;
          const lines = text.split('\n');
          const before = text.slice(0, location.start).split('\n').length;
          expect(before).toBe(location.startLine);
          expect(lines.slice(location.startLine - 1, location.endLine).join('\n')).toContain(text.slice(location.start, location.end));
        }
      }
    } else {
      expect(report.ok).toBe(false);
      expect([...new Set(report.issues.map((issue) => issue.code))].sort()).toEqual(entry.expect.codes);
      for (const issue of report.issues) expect(issue.message.length).toBeGreaterThan(15);
    }
  });
});
