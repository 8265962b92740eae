import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { findDuplicateKey } from './find-duplicate-key.js';
import { parseDecision } from './parse-decision.js';
import { parseToolCall } from './parse-tool-call.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

const options = { nonce: 'n-1', tools: schemaLookupFrom(TOOL_ARG_SCHEMAS) };

describe('findDuplicateKey', () => {
  it.each([
    ['{"a":1,"a":2}', { key: 'a', path: [] }],
    ['{"a":{"b":1,"c":{"b":2},"b":3}}', { key: 'b', path: ['a'] }],
    ['{"list":[{"x":1},{"y":1,"y":2}]}', { key: 'y', path: ['list', 1] }],
    ['{"tool":1,"\\u0074ool":2}', { key: 'tool', path: [] }],
    ['{"k\\"ey":1, "k\\"ey" : 2}', { key: 'k"ey', path: [] }],
  ])('finds the key written twice in %s', (text, expected) => {
    expect(findDuplicateKey(text)).toEqual(expected);
  });

  it.each(['{"a":1,"b":{"a":2}}', '{"a":"\\"a\\":1,","b":["a","a"]}', '[{"a":1},{"a":2}]', '{"a":{"x":1},"b":{"x":1}}', '{}'])('finds none in %s', (text) => {
    expect(findDuplicateKey(text)).toBeUndefined();
  });

  it('agrees with a parse into pairs for random JSON objects', () => {
    const key = fc.constantFrom('a', 'b', 'tool', 'args', 'é', '\u0000', '"', '\\');
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((pairs) => ({ pairs })),
      ),
    }));
    const write = (item: unknown): string => {
      if (Array.isArray(item)) return `[${item.map(write).join(',')}]`;
      if (item !== null && typeof item === 'object') return `{${(item as { pairs: Array<[string, unknown]> }).pairs.map(([name, inner]) => `${JSON.stringify(name)}:${write(inner)}`).join(',')}}`;
      return JSON.stringify(item);
    };
    const hasDuplicate = (item: unknown): boolean => {
      if (Array.isArray(item)) return item.some(hasDuplicate);
      if (item !== null && typeof item === 'object') {
        const pairs = (item as { pairs: Array<[string, unknown]> }).pairs;
        return new Set(pairs.map(([name]) => name)).size !== pairs.length || pairs.some(([, inner]) => hasDuplicate(inner));
      }
      return false;
    };
    fc.assert(
      fc.property(value, (item) => {
        expect(findDuplicateKey(write(item)) !== undefined, write(item)).toBe(hasDuplicate(item));
      }),
      { numRuns: 500 },
    );
  });
});

describe('duplicate keys in a tool call', () => {
  it.each([
    '{"tool":"file_reader","tool":"file_locator","args":{"path":"Story/a.md"},"nonce":"n-1"}',
    '{"tool":"file_reader","args":{"path":"Story/a.md"},"args":{"path":"Canon.md"},"nonce":"n-1"}',
    '{"tool":"file_reader","args":{"path":"Story/a.md"},"nonce":"wrong","nonce":"n-1"}',
    '{"tool":"file_reader","args":{"path":"Story/a.md","path":"Canon.md"},"nonce":"n-1"}',
    '{"tool":"file_reader","args":"{\\"path\\":\\"Story/a.md\\",\\"path\\":\\"Canon.md\\"}","nonce":"n-1"}',
    '{"tool":"file_reader","args":{"path":"Story/a.md","p\\u0061th":"Canon.md"},"nonce":"n-1"}',
    'Sure:\n{"tool":"file_reader","tool":"file_reader","args":{"path":"Story/a.md"},"nonce":"n-1"}',
  ])('refuses %s as tool_call_invalid_format', (text) => {
    const verdict = parseToolCall(text, options);
    expect(verdict).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    if (!text.startsWith('Sure')) expect(verdict.ok ? '' : verdict.message).toMatch(/appears twice/);
  });

  it('refuses duplicates in decisions too, and accepts the same key in different objects', () => {
    expect(parseDecision('{"action":"final","action":"tool","nonce":"n-1"}', options)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    expect(parseToolCall('{"tool":"consistency_checker","args":{"file_paths":["a.md","a.md"]},"nonce":"n-1"}', options)).toMatchObject({ ok: true });
  });
});
