/**
 * Runs every entry of test/corpus/tool-calls/malformed-outputs.json — real-world malformed model
 * outputs (hallucinated names, key drift, fences, think preambles, concatenated objects, wrong
 * types…) — through `parseToolCall` with the nine core tools and the entry's nonce.
 */
import { describe, expect, it } from 'vitest';
import corpus from '../../../test/corpus/tool-calls/malformed-outputs.json' with { type: 'json' };
import { REJECTION_CODES, TOOL_ARG_SCHEMAS, type AppliedNormalisation } from '../../protocol/index.js';
import { parseToolCall } from './parse-tool-call.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

interface CorpusEntry {
  name: string;
  input: string;
  nonce: string;
  expect: { code: string; paths?: Array<Array<string | number>> } | { tool: string; args: Record<string, unknown>; applied: AppliedNormalisation[] };
}

const entries = corpus as CorpusEntry[];
const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);

describe('malformed model outputs corpus', () => {
  it('holds at least 70 uniquely named entries covering every rejection code the parser gives', () => {
    expect(entries.length).toBeGreaterThanOrEqual(70);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(entries.length);
    const codes = new Set(entries.flatMap((entry) => ('code' in entry.expect ? [entry.expect.code] : [])));
    expect([...codes].sort()).toEqual(REJECTION_CODES.filter((code) => code !== 'tool_call_output_limit').sort());
    expect(entries.some((entry) => 'tool' in entry.expect && entry.expect.applied.length > 0)).toBe(true);
  });

  it.each(entries.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const verdict = parseToolCall(entry.input, { nonce: entry.nonce, tools });
    if ('code' in entry.expect) {
      expect(verdict.ok ? verdict : verdict.code).toBe(entry.expect.code);
      if (!verdict.ok) {
        expect(verdict.message.length).toBeGreaterThan(10);
        for (const path of entry.expect.paths ?? []) expect(verdict.issues.map((issue) => issue.path)).toContainEqual(path);
      }
    } else {
      expect(verdict).toEqual({ ok: true, tool: entry.expect.tool, args: entry.expect.args, applied: entry.expect.applied });
    }
  });
});
