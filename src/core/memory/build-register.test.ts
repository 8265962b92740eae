import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEMORY_SCHEMA_VERSION, REGISTER_MAX_CHARS, type MemoryItemRecord } from '../../protocol/memory.js';
import { buildRegister, clip } from './build-register.js';
import { orderForRetrieval } from './rank-items.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NOW = Date.parse('2025-03-01T00:00:00.000Z');

function record(index: number, content: string, pinned = false): MemoryItemRecord {
  const at = new Date(NOW - index * 60_000).toISOString();
  return {
    schema_version: MEMORY_SCHEMA_VERSION,
    item_id: `item-${String(index).padStart(4, '0')}`,
    bucket_id: 'bucket:test',
    pinned,
    content,
    metadata: { refs: { paths: [], receipt_ids: [], excerpts: [] }, source: 'user', topic_hits: 0, citations: 0 },
    created_at: at,
    last_updated: at,
  };
}

describe('buildRegister', () => {
  it('names the count, the pins and the gist of the top notes', () => {
    const items = orderForRetrieval([record(0, 'Storm hits the harbour on Day 3. More detail here.'), record(1, 'Mara keeps the locket', true)], NOW);
    expect(buildRegister(items)).toBe('2 notes, 1 pinned: Mara keeps the locket · Storm hits the harbour on Day 3');
    expect(buildRegister([])).toBe('No notes yet.');
  });

  it('cuts a long first note to fit and ends it with an ellipsis', () => {
    const register = buildRegister(orderForRetrieval([record(0, 'word '.repeat(100))], NOW));
    expect(register.length).toBe(REGISTER_MAX_CHARS);
    expect(register.endsWith('…')).toBe(true);
  });

  it('is one line of at most 140 characters for any notes at all', () => {
    const content = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '\n', '\t', '.', '😀', 'é', '\u2028', '\u0000', '—'), minLength: 1, maxLength: 600 });
    fc.assert(
      fc.property(fc.array(fc.tuple(content, fc.boolean()), { maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 400 }), (notes, extra) => {
        const records = [...notes.map(([text, pinned], index) => record(index, text, pinned)), ...(extra === '' ? [] : [record(99, extra)])];
        const register = buildRegister(orderForRetrieval(records, NOW));
        expect(register.length).toBeLessThanOrEqual(REGISTER_MAX_CHARS);
        expect(register).not.toMatch(/[\n\r\u2028\u2029]/);
        // Never a broken surrogate pair at the cut.
        expect(register).not.toMatch(LONE_SURROGATE);
        // Deterministic: the same notes give the same line.
        expect(buildRegister(orderForRetrieval(records, NOW))).toBe(register);
      }),
      { numRuns: 300 },
    );
  });
});

describe('clip', () => {
  it('keeps short text and never splits a surrogate pair', () => {
    expect(clip('abc', 5)).toBe('abc');
    expect(clip('ab😀cd', 4)).toBe('ab…');
    expect(clip('abcdef', 4)).toBe('abc…');
  });
});
