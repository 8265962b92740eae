/**
 * Property tests: nothing makes the parsers throw, every refusal uses a protocol code, and no call
 * whose nonce is not exactly the turn's nonce is ever accepted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REJECTION_CODES, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { parseDecision } from './parse-decision.js';
import { parseToolCall } from './parse-tool-call.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

const NONCE = 'n-7b3e90d1';
const options = { nonce: NONCE, tools: schemaLookupFrom(TOOL_ARG_SCHEMAS) };
const RUNS = { numRuns: 400 };

const VALID_CALLS: Array<{ tool: string; args: Record<string, unknown> }> = [
  { tool: 'file_locator', args: { search_criteria: 'outline', scan_mode: 'DEEP_SCAN', max_results: 3 } },
  { tool: 'file_reader', args: { path: 'Story/Scenes/SCN-01-arrival.md', start_line: 1, end_line: 9 } },
  { tool: 'outline_analyzer', args: { mode: 'beats' } },
  { tool: 'canon_checker', args: { scene_path: 'Story/Scenes/SCN-02.md', canon_paths: ['Canon.md'] } },
  { tool: 'task_router', args: { user_request: 'Is Mara alive?' } },
  { tool: 'search_issues', args: { tags: ['continuity'], minInterestLevel: 2 } },
  { tool: 'prose_analyzer', args: { scene_path: 'Story/Scenes/SCN-03.md', focus: 'rhythm' } },
  { tool: 'consistency_checker', args: { file_paths: ['Story/Scenes/SCN-01.md'] } },
  { tool: 'scene_draft_validator', args: { scene_path: 'Story/Scenes/SCN-04.md', include_canon: false } },
];
const validCall = fc.constantFrom(...VALID_CALLS);
const validEnvelope = validCall.map((call) => JSON.stringify({ ...call, nonce: NONCE }));
const validDecision = fc.oneof(
  validCall.map((call) => JSON.stringify({ action: 'tool', ...call, nonce: NONCE })),
  fc.constant(JSON.stringify({ action: 'final', nonce: NONCE })),
);

/** Small edits a model or a transport makes to a good reply: insertions, cuts, wraps, swaps. */
function mutated(source: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edit = fc.oneof(
    fc.tuple(fc.nat(), fc.string({ maxLength: 4 })).map(([at, insert]) => (text: string) => text.slice(0, at % (text.length + 1)) + insert + text.slice(at % (text.length + 1))),
    fc.tuple(fc.nat(), fc.nat({ max: 12 })).map(([at, length]) => (text: string) => text.slice(0, at % (text.length + 1)) + text.slice((at % (text.length + 1)) + length)),
    fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([before, after]) => (text: string) => before + text + after),
    fc.constantFrom('{', '}', '"', '\\', ',', ':', '[', ']').chain((character) => fc.nat().map((at) => (text: string) => text.slice(0, at % (text.length + 1)) + character + text.slice(at % (text.length + 1)))),
    fc.constant((text: string) => text + text),
    fc.constant((text: string) => text.replaceAll('"', "'")),
  );
  return fc.tuple(source, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([text, edits]) => edits.reduce((current, apply) => apply(current), text));
}

function assertWellFormedVerdict(verdict: { ok: boolean; code?: string }): void {
  if (!verdict.ok) expect(REJECTION_CODES).toContain(verdict.code);
}

/** The nonce a reply that was accepted must have carried: it parsed as one object, so read it back. */
function nonceOf(text: string): unknown {
  return (JSON.parse(text.trim()) as { nonce?: unknown }).nonce;
}

describe('parser properties', () => {
  it('never throws on random strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('{', '}', '"', '\\', ' ', 'a', ':', ',', '[', ']') })), (text) => {
        assertWellFormedVerdict(parseToolCall(text, options));
        assertWellFormedVerdict(parseDecision(text, options));
      }),
      RUNS,
    );
  });

  it('never throws on random JSON values, and accepts none of them without the nonce', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        const call = parseToolCall(text, options);
        const decision = parseDecision(text, options);
        assertWellFormedVerdict(call);
        assertWellFormedVerdict(decision);
        expect(call.ok).toBe(false);
        expect(decision.ok).toBe(false);
      }),
      RUNS,
    );
  });

  it('never throws on mutations of valid envelopes and decisions, and accepts only ones with the exact nonce', () => {
    fc.assert(
      fc.property(mutated(fc.oneof(validEnvelope, validDecision)), (text) => {
        const call = parseToolCall(text, options);
        const decision = parseDecision(text, options);
        assertWellFormedVerdict(call);
        assertWellFormedVerdict(decision);
        if (call.ok) expect(nonceOf(text)).toBe(NONCE);
        if (decision.ok) expect(nonceOf(text)).toBe(NONCE);
      }),
      RUNS,
    );
  });

  it('never accepts a call or decision whose nonce differs from the turn nonce', () => {
    const otherNonce = fc.oneof(fc.string(), fc.constantFrom(` ${NONCE}`, `${NONCE} `, NONCE.toUpperCase(), `TOOL_NONCE: ${NONCE}`, '<TOOL_NONCE>', ''), fc.jsonValue());
    fc.assert(
      fc.property(validCall, otherNonce, (call, nonce) => {
        fc.pre(nonce !== NONCE);
        expect(parseToolCall(JSON.stringify({ ...call, nonce }), options)).toMatchObject({ ok: false, code: 'tool_call_nonce_invalid' });
        expect(parseDecision(JSON.stringify({ action: 'tool', ...call, nonce }), options)).toMatchObject({ ok: false, code: 'tool_call_nonce_invalid' });
        expect(parseDecision(JSON.stringify({ action: 'final', nonce }), options)).toMatchObject({ ok: false, code: 'tool_call_nonce_invalid' });
      }),
      RUNS,
    );
  });

  it('accepts every valid call unchanged, whatever the turn nonce looks like', () => {
    fc.assert(
      fc.property(validCall, fc.string({ minLength: 1, maxLength: 40 }), (call, nonce) => {
        expect(parseToolCall(JSON.stringify({ ...call, nonce }), { ...options, nonce })).toEqual({ ok: true, ...call, applied: [] });
      }),
      RUNS,
    );
  });
});
