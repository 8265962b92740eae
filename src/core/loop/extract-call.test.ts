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
