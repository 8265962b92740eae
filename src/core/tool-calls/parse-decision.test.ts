import { describe, expect, it } from 'vitest';
import { TOOL_ARG_SCHEMAS, type DecisionVerdict } from '../../protocol/index.js';
import { parseDecision } from './parse-decision.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

const NONCE = 'n-31c0aa7e';
const options = { nonce: NONCE, tools: schemaLookupFrom(TOOL_ARG_SCHEMAS) };
const FINAL = JSON.stringify({ action: 'final', nonce: NONCE });
const ANOTHER = JSON.stringify({ action: 'tool', tool: 'file_reader', args: { path: 'Canon.md' }, nonce: NONCE });

function codeOf(text: string): string {
  const verdict = parseDecision(text, options);
  return verdict.ok ? `accepted:${verdict.action}` : verdict.code;
}

describe('parseDecision', () => {
  it('accepts a final decision and another call', () => {
    const verdict: DecisionVerdict = parseDecision(FINAL, options);
    expect(verdict).toEqual({ ok: true, action: 'final', applied: [] });
    expect(parseDecision(ANOTHER, options)).toEqual({ ok: true, action: 'tool', tool: 'file_reader', args: { path: 'Canon.md' }, applied: [] });
  });

  it('applies and reports aliases and key normalisation like an envelope', () => {
    const drifted = JSON.stringify({ action: 'tool', tool: 'read_file', args: JSON.stringify({ Path: 'Canon.md' }), nonce: NONCE });
    expect(parseDecision(drifted, options)).toEqual({
      ok: true,
      action: 'tool',
      tool: 'file_reader',
      args: { path: 'Canon.md' },
      applied: [
        { kind: 'args_json_string', from: 'string', to: 'object' },
        { kind: 'tool_alias', from: 'read_file', to: 'file_reader' },
        { kind: 'arg_key', from: 'Path', to: 'path' },
      ],
    });
  });

  it('rejects a missing or unknown action as invalid format, naming both choices', () => {
    const plainEnvelope = parseDecision(JSON.stringify({ tool: 'file_reader', args: { path: 'Canon.md' }, nonce: NONCE }), options);
    expect(plainEnvelope).toMatchObject({ ok: false, code: 'tool_call_invalid_format', issues: [{ code: 'missing_key', path: ['action'] }] });
    expect(!plainEnvelope.ok && plainEnvelope.message).toMatch(/"tool".*"final"/);
    expect(codeOf(JSON.stringify({ action: 'answer', nonce: NONCE }))).toBe('tool_call_invalid_format');
    expect(codeOf(JSON.stringify({ action: 'Final', nonce: NONCE }))).toBe('tool_call_invalid_format');
  });

  it('refuses extra keys: a final decision carries no answer, tool or args', () => {
    expect(codeOf(JSON.stringify({ action: 'final', nonce: NONCE, answer: 'Mara is alive.' }))).toBe('tool_call_invalid_format');
    expect(codeOf(JSON.stringify({ action: 'final', tool: 'file_reader', nonce: NONCE }))).toBe('tool_call_invalid_format');
    expect(codeOf(JSON.stringify({ action: 'tool', tool: 'file_reader', args: {}, nonce: NONCE, why: 'x' }))).toBe('tool_call_invalid_format');
  });

  it('checks the nonce of both kinds of decision', () => {
    expect(codeOf(JSON.stringify({ action: 'final', nonce: 'n-00000000' }))).toBe('tool_call_nonce_invalid');
    expect(codeOf(JSON.stringify({ action: 'final' }))).toBe('tool_call_nonce_invalid');
    expect(codeOf(ANOTHER.replace(NONCE, 'other'))).toBe('tool_call_nonce_invalid');
    expect(parseDecision(FINAL, { ...options, nonce: '' })).toMatchObject({ ok: false, code: 'tool_call_nonce_invalid' });
  });

  it('uses the same format, multiple, tool and args checks as an envelope', () => {
    expect(codeOf(`Done.\n${FINAL}`)).toBe('tool_call_invalid_format');
    expect(codeOf(`\`\`\`json\n${FINAL}\n\`\`\``)).toBe('tool_call_invalid_format');
    expect(codeOf(`${ANOTHER}\n${FINAL}`)).toBe('tool_call_multiple');
    expect(codeOf(ANOTHER.replace('file_reader', 'web_search'))).toBe('tool_call_unknown_tool');
    expect(codeOf(ANOTHER.replace('"Canon.md"', '42'))).toBe('tool_call_invalid_args');
    expect(codeOf('')).toBe('tool_call_invalid_format');
  });
});

describe('parseDecision with the answer allowed (a 1:1 turn)', () => {
  const allowing = { ...options, allowAnswer: true };
  const decision = (fields: Record<string, unknown>): string => JSON.stringify({ nonce: NONCE, ...fields });

  it('takes the answer sent with final, and an empty or null one as none', () => {
    expect(parseDecision(decision({ action: 'final', answer: '  Her eyes are grey.  ' }), allowing)).toEqual({ ok: true, action: 'final', applied: [], answer: 'Her eyes are grey.' });
    expect(parseDecision(decision({ action: 'final', answer: null }), allowing)).toEqual({ ok: true, action: 'final', applied: [] });
    expect(parseDecision(decision({ action: 'final', answer: ' ' }), allowing)).toEqual({ ok: true, action: 'final', applied: [] });
    expect(parseDecision(decision({ action: 'final', tool: null, args: null, answer: 'Grey.' }), allowing)).toMatchObject({ ok: true, answer: 'Grey.' });
  });

  it('keeps every other check: the nonce, unknown keys, the answer’s type, a key written twice', () => {
    expect(parseDecision(JSON.stringify({ action: 'final', nonce: 'wrong', answer: 'Grey.' }), allowing)).toMatchObject({ ok: false, code: 'tool_call_nonce_invalid' });
    expect(parseDecision(JSON.stringify({ action: 'final', answer: 'Grey.' }), allowing)).toMatchObject({ ok: false, code: 'tool_call_nonce_invalid' });
    expect(parseDecision(decision({ action: 'final', answer: 'Grey.', extra: 1 }), allowing)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    for (const answer of [42, ['Grey.'], { text: 'Grey.' }, true]) {
      expect(parseDecision(decision({ action: 'final', answer }), allowing)).toMatchObject({ ok: false, code: 'tool_call_invalid_format', issues: [{ path: ['answer'] }] });
    }
    expect(parseDecision(`{"action":"final","nonce":"${NONCE}","answer":"Grey.","answer":"Green."}`, allowing)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    expect(parseDecision(decision({ action: 'final', tool: 'file_reader', answer: 'Grey.' }), allowing)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
  });

  it('refuses an answer beside another call, and any answer key when the turn does not allow one', () => {
    expect(parseDecision(decision({ action: 'tool', tool: 'file_reader', args: { path: 'Canon.md' }, answer: 'Grey.' }), allowing)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    expect(parseDecision(decision({ action: 'tool', tool: 'file_reader', args: { path: 'Canon.md' }, answer: null }), allowing)).toMatchObject({ ok: true, action: 'tool' });
    expect(parseDecision(decision({ action: 'final', answer: 'Grey.' }), options)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    expect(parseDecision(decision({ action: 'final', answer: null }), options)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
  });
});
