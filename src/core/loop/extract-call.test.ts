import { describe, expect, it } from 'vitest';
import { TOOL_ARG_SCHEMAS, type ModelResponse } from '../../protocol/index.js';
import { schemaLookupFrom } from '../tool-calls/index.js';
import { extractStep } from './extract-call.js';

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const response = (fields: Partial<ModelResponse>): ModelResponse => ({ content: '', reasoning: '', toolCalls: [], finishReason: 'stop', model: 'm', latencyMs: 1, ...fields });
const options = { step: 'envelope' as const, profile: 'cascade' as const, nonce: 'n', tools, requireTool: true };

describe('extractStep', () => {
  it('refuses native arguments with a key written twice', () => {
    const outcome = extractStep(response({ toolCalls: [{ id: 'c', name: 'file_reader', arguments: '{"path":"a.md","path":"b.md"}' }] }), options);
    expect(outcome).toMatchObject({ kind: 'rejected', channel: 'tool', rejection: { code: 'tool_call_invalid_format', issues: [{ code: 'duplicate_key', path: ['args', 'path'] }] } });
  });

  it('reads the envelope after reasoning in the content, whatever the form', () => {
    const envelope = '{"tool":"file_reader","args":{"path":"a.md"},"nonce":"n"}';
    for (const content of [`<think>x</think>${envelope}`, `x</think>${envelope}`, `<|channel|>analysis<|message|>x<|end|><|start|>assistant<|channel|>final<|message|>${envelope}`]) {
      expect(extractStep(response({ content, reasoning: 'separate' }), { ...options, profile: 'envelope' })).toMatchObject({ kind: 'call', channel: 'json', call: { tool: 'file_reader' } });
    }
  });
});

describe('extractStep: a final decision that carries the answer', () => {
  const decision = { step: 'decision' as const, profile: 'envelope' as const, nonce: 'n', tools, requireTool: false, allowAnswer: true };
  const FINAL = '{"action":"final","nonce":"n"}';
  const ANSWER = 'Her eyes are grey.\nEvidence: content | Compendium/Characters/CHAR-hester-vane.md | "eyes: grey" | receipt rcpt_0123456789abcdef';

  it('takes the answer after the final object, or in its answer field, on either profile', () => {
    for (const profile of ['envelope', 'cascade'] as const) {
      expect(extractStep(response({ content: `${FINAL}\n${ANSWER}` }), { ...decision, profile })).toEqual({ kind: 'final', channel: 'json', raw: `${FINAL}\n${ANSWER}`, answer: ANSWER });
      const field = JSON.stringify({ action: 'final', nonce: 'n', answer: ANSWER });
      expect(extractStep(response({ content: field }), { ...decision, profile })).toMatchObject({ kind: 'final', answer: ANSWER });
    }
    expect(extractStep(response({ content: `<think>done</think>${FINAL}\n\n${ANSWER}` }), decision)).toMatchObject({ kind: 'final', answer: ANSWER });
  });

  it('reads everything else exactly as before', () => {
    const refused = (content: string, extra: Partial<typeof decision> = {}) => extractStep(response({ content }), { ...decision, ...extra }).kind;
    // Without the turn allowing it, text after the object is refused.
    expect(refused(`${FINAL}\n${ANSWER}`, { allowAnswer: false })).toBe('rejected');
    // A wrong nonce, another call, a second object, tool syntax in the text: all refused.
    expect(refused(`{"action":"final","nonce":"other"}\n${ANSWER}`)).toBe('rejected');
    expect(refused(`{"action":"tool","tool":"file_reader","args":{"path":"a.md"},"nonce":"n"}\n${ANSWER}`)).toBe('rejected');
    expect(refused(`${FINAL}\n{"tool":"file_reader","args":{"path":"a.md"},"nonce":"n"}`)).toBe('rejected');
    expect(refused(`${FINAL}\nfile_reader(path="a.md")`)).toBe('rejected');
    expect(refused(`${FINAL}\n[Tool Request] file_locator`)).toBe('rejected');
    expect(refused(`${JSON.stringify({ action: 'final', nonce: 'n', answer: 'Grey.' })}\n${ANSWER}`)).toBe('rejected');
    expect(refused(`${FINAL}`)).toBe('final');
    // In the first step nothing changes: prose is an answer, an envelope followed by text is refused.
    expect(extractStep(response({ content: `{"tool":"file_reader","args":{"path":"a.md"},"nonce":"n"}\n${ANSWER}` }), { ...decision, step: 'envelope' }).kind).toBe('rejected');
  });
});
