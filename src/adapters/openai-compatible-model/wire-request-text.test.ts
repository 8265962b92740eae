import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ModelRequest, ResponseFormat } from '../../protocol/index.js';
import { toWireRequest } from './to-wire-request.js';
import { wireRequestText } from './wire-request-text.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

// Long texts too, so contents are remembered; any code units, so escapes and lone surrogates occur.
const text = fc.oneof(fc.string(), fc.string({ minLength: 256, maxLength: 600 }), fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 300 }).map((units) => String.fromCharCode(...units)));
const message: fc.Arbitrary<ChatMessage> = fc.oneof(
  fc.record({ role: fc.constantFrom('system' as const, 'user' as const, 'assistant' as const), content: text }),
  fc.record({ role: fc.constant('tool' as const), content: text, toolCallId: fc.string({ minLength: 1, maxLength: 8 }) }),
  fc.record({
    role: fc.constant('assistant' as const),
    content: text,
    toolCalls: fc.array(fc.record({ id: fc.string({ minLength: 1 }), name: fc.string({ minLength: 1 }), arguments: text }), { minLength: 1, maxLength: 2 }),
  }),
);
const format: fc.Arbitrary<ResponseFormat> = fc.record({
  type: fc.constant('json_schema' as const),
  json_schema: fc.record({ name: fc.string(), strict: fc.boolean(), schema: fc.dictionary(fc.string(), fc.jsonValue()) }),
});
const request: fc.Arbitrary<ModelRequest> = fc.record(
  {
    messages: fc.array(message, { minLength: 1, maxLength: 5 }),
    responseFormat: fc.oneof(format, format.map(deepFreeze)),
    temperature: fc.double({ noNaN: true, noDefaultInfinity: true }),
    maxTokens: fc.nat(),
  },
  { requiredKeys: ['messages'] },
);

describe('wireRequestText', () => {
  it('writes every request exactly as JSON.stringify does, the first time and again', () => {
    fc.assert(
      fc.property(request, fc.boolean(), (candidate, stream) => {
        const body = toWireRequest('model-x', candidate, stream);
        expect(wireRequestText(body)).toBe(JSON.stringify(body));
        expect(wireRequestText(toWireRequest('model-x', candidate, stream))).toBe(JSON.stringify(body));
      }),
      { numRuns: 400 },
    );
  });

  it('sees a change to a response format that is not frozen', () => {
    const responseFormat: ResponseFormat = { type: 'json_schema', json_schema: { name: 'a', strict: true, schema: { type: 'object' } } };
    const ask = (): ModelRequest => ({ messages: [{ role: 'user', content: 'x'.repeat(300) }], responseFormat });
    expect(wireRequestText(toWireRequest('m', ask(), false))).toContain('"name":"a"');
    responseFormat.json_schema.name = 'b';
    expect(wireRequestText(toWireRequest('m', ask(), false))).toContain('"name":"b"');
  });

  it('does not keep the text of a frozen format whose inside can still change', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    const responseFormat = Object.freeze({ type: 'json_schema' as const, json_schema: Object.freeze({ name: 'f', strict: true, schema }) });
    const ask = (): ModelRequest => ({ messages: [{ role: 'user', content: 'hi' }], responseFormat });
    expect(wireRequestText(toWireRequest('m', ask(), false))).toContain('"type":"object"');
    schema['type'] = 'string';
    expect(wireRequestText(toWireRequest('m', ask(), false))).toContain('"type":"string"');
  });
});
