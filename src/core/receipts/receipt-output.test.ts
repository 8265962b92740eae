import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './receipt-payload.js';
import { receiptOutputFields, toJsonValue, utf8Head } from './receipt-output.js';

describe('utf8Head', () => {
  it('never splits a character and never exceeds the byte limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(64), (text, limit) => {
        const head = utf8Head(text, limit);
        expect(text.startsWith(head)).toBe(true);
        expect(Buffer.byteLength(head, 'utf8')).toBeLessThanOrEqual(limit);
        // (The text may hold U+FFFD itself; the head adds none of its own.)
        if (!text.includes('\ufffd')) expect(head).not.toContain('\ufffd');
        // Nothing more fits: the next character would cross the limit.
        if (head.length < text.length) {
          const next = String.fromCodePoint(text.codePointAt(head.length) ?? 0);
          expect(Buffer.byteLength(head + next, 'utf8')).toBeGreaterThan(limit);
        }
      }),
    );
  });

  it('cuts before a multi-byte character that does not fit', () => {
    expect(utf8Head('ab€', 4)).toBe('ab');
    expect(utf8Head('ab€', 5)).toBe('ab€');
    expect(utf8Head('🦀🦀', 7)).toBe('🦀');
  });
});

describe('receiptOutputFields', () => {
  it('keeps outputs within the limit whole', () => {
    expect(receiptOutputFields({ found: ['Story/a.md'] }, 100)).toEqual({ outputs: { found: ['Story/a.md'] }, truncated: false });
    expect(receiptOutputFields(undefined, 100)).toEqual({ outputs: null, truncated: false });
  });

  it('replaces large outputs with an excerpt, the sha256 and size of their canonical JSON', () => {
    const outputs = { text: 'é'.repeat(5000), count: 5000 };
    const fields = receiptOutputFields(outputs, 8000);
    const canonical = canonicalJson(outputs);
    expect(fields).toEqual({
      excerpt: utf8Head(canonical, 8000),
      sha256: createHash('sha256').update(canonical, 'utf8').digest('hex'),
      full_size: Buffer.byteLength(canonical, 'utf8'),
      truncated: true,
    });
    if (fields.truncated) {
      expect(fields.excerpt.startsWith('{"count":5000,"text":"éé')).toBe(true);
      expect(Buffer.byteLength(fields.excerpt, 'utf8')).toBeLessThanOrEqual(8000);
      expect(fields.full_size).toBe(10_000 + '{"count":5000,"text":""}'.length);
    }
  });

  it('truncates exactly above the limit', () => {
    const text = 'x'.repeat(8000 - '""'.length);
    expect(receiptOutputFields(text, 8000).truncated).toBe(false);
    expect(receiptOutputFields(`${text}x`, 8000).truncated).toBe(true);
  });
});

describe('toJsonValue', () => {
  it('returns what a reader parses back from the log', () => {
    expect(toJsonValue({ when: new Date(0), gone: undefined, nan: Number.NaN, list: [undefined] })).toEqual({
      when: '1970-01-01T00:00:00.000Z',
      nan: null,
      list: [null],
    });
  });

  it('replaces lone surrogates, which canonical JSON refuses, in keys and values', () => {
    const value = toJsonValue({ ['k\ud800']: 'a\udc00b', pair: '🦀', escaped: '\\ud800' });
    expect(value).toEqual({ ['k\ufffd']: 'a\ufffdb', pair: '🦀', escaped: '\\ud800' });
    expect(() => canonicalJson(value)).not.toThrow();
  });

  it('never yields a value canonical JSON refuses', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 40 }), (json, text) => {
        expect(() => canonicalJson(toJsonValue({ json, text }))).not.toThrow();
      }),
    );
  });
});
