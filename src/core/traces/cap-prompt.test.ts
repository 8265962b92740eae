import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_PAYLOAD_SCHEMAS } from '../../protocol/traces.js';
import { capPrompt, DEFAULT_PROMPT_CAP } from './cap-prompt.js';

// fast-check's own string units are slow to generate at these lengths; code units are quick and cover more.
const anyText = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 1500 }).map((codes) => String.fromCharCode(...codes));
const wellFormedText = fc.array(fc.constantFrom('a', 'é', '😀', '\n', '👩‍👩‍👧'), { maxLength: 800 }).map((parts) => parts.join(''));
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const MARKER = /\n\[… (\d+) characters omitted; sha256 ([0-9a-f]{16}) …\]\n$/;

describe('capPrompt', () => {
  it('keeps a prompt within the cap whole', () => {
    const text = 'You are the Continuity editor.\nTOOL_NONCE: abc';
    expect(capPrompt(text)).toEqual({ prompt_hash: sha256(text), prompt_head: text, prompt_tail: '', truncated: false, full_length: text.length });
    const exact = 'x'.repeat(DEFAULT_PROMPT_CAP);
    expect(capPrompt(exact).truncated).toBe(false);
  });

  it('keeps the head and tail halves of a long prompt around a marker with the hash', () => {
    const text = `${'h'.repeat(6000)}${'m'.repeat(10_000)}${'t'.repeat(6000)}`;
    const capped = capPrompt(text);
    expect(capped.truncated).toBe(true);
    expect(capped.full_length).toBe(22_000);
    expect(capped.prompt_hash).toBe(sha256(text));
    const marker = MARKER.exec(capped.prompt_head);
    expect(marker?.[2]).toBe(capped.prompt_hash.slice(0, 16));
    const head = capped.prompt_head.slice(0, marker!.index);
    expect(head).toMatch(/^h+$/);
    expect(capped.prompt_tail).toMatch(/^t+$/);
    expect(Number(marker?.[1])).toBe(text.length - head.length - capped.prompt_tail.length);
    expect(capped.prompt_head.length + capped.prompt_tail.length).toBeLessThanOrEqual(DEFAULT_PROMPT_CAP);
    expect(Math.abs(head.length - capped.prompt_tail.length)).toBeLessThanOrEqual(1);
    expect(EVENT_PAYLOAD_SCHEMAS['llm.request'].safeParse({ model: 'm', ...capped }).success).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(5000);
    const capped = capPrompt(text, 1001);
    const head = capped.prompt_head.replace(MARKER, '');
    expect(head).toMatch(/^(😀)+$/u);
    expect(capped.prompt_tail).toMatch(/^(😀)+$/u);
  });

  it('refuses a cap too small to hold a marker', () => {
    expect(() => capPrompt('abc', 10)).toThrow(RangeError);
    expect(() => capPrompt('abc', 300.5)).toThrow(RangeError);
  });

  it('holds its promises for any text and cap (property)', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 256, max: 1000 }), (text, max) => {
        const capped = capPrompt(text, max);
        expect(capped.prompt_hash).toBe(sha256(text));
        expect(capped.full_length).toBe(text.length);
        expect(capped.prompt_head.length + capped.prompt_tail.length).toBeLessThanOrEqual(max);
        if (!capped.truncated) {
          expect(capped.prompt_head).toBe(text);
          expect(capped.prompt_tail).toBe('');
          return;
        }
        const marker = MARKER.exec(capped.prompt_head);
        expect(marker).not.toBeNull();
        const head = capped.prompt_head.slice(0, marker!.index);
        expect(text.startsWith(head)).toBe(true);
        expect(text.endsWith(capped.prompt_tail)).toBe(true);
        expect(head.length + Number(marker![1]) + capped.prompt_tail.length).toBe(text.length);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps well-formed text well formed (property)', () => {
    fc.assert(
      fc.property(wellFormedText, fc.integer({ min: 256, max: 600 }), (text, max) => {
        const capped = capPrompt(text, max);
        expect(LONE_SURROGATE.test(capped.prompt_head) || LONE_SURROGATE.test(capped.prompt_tail)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
