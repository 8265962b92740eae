import { describe, expect, it } from 'vitest';
import { plainJsonCopy } from './plain-json-copy.js';
import { prepareEvent } from './prepare-event.js';

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe('plainJsonCopy', () => {
  it('equals the JSON round trip of plain values, as a copy that shares no object', () => {
    const values: unknown[] = [
      { prompt_head: 'You are Continuity.\n"quoted" \u2028 ✓', n: 3, f: 1.5, ok: true, none: null, list: [1, 'a', { deep: [[]] }], 10: 'numeric key', b: 2 },
      Object.assign(Object.create(null) as object, { model: 'x' }),
      [],
      { nested: { a: { b: { c: { d: 'e' } } } } },
    ];
    for (const value of values) {
      const copied = plainJsonCopy(value);
      expect(copied).toEqual(roundTrip(value));
      expect(JSON.stringify(copied)).toBe(JSON.stringify(value));
      expect(copied).not.toBe(value);
    }
    const source = { list: [{ a: 1 }] };
    const copied = plainJsonCopy(source) as typeof source;
    source.list[0]!.a = 2;
    source.list.push({ a: 3 });
    expect(copied).toEqual({ list: [{ a: 1 }] });
  });

  it('leaves anything a JSON round trip would change to the round trip', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let depth = 0; depth < 100; depth += 1) cursor = (cursor['next'] = {}) as Record<string, unknown>;
    for (const value of [
      { at: new Date(0) },
      { skipped: undefined },
      { list: [undefined] },
      { n: Number.NaN },
      { n: Number.POSITIVE_INFINITY },
      { n: -0 },
      { big: 1n },
      { fn: () => 1 },
      { toJSON: () => 'x' },
      JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
      { map: new Map() },
      cyclic,
      deep,
    ]) {
      expect(plainJsonCopy(value)).toBeUndefined();
    }
  });

  it('keeps prepareEvent giving back exactly the round trip, and a copy', () => {
    const payload = { model: 'm', prompt_hash: 'a'.repeat(64), prompt_head: 'a', prompt_tail: 'b', at: new Date(0), gone: undefined };
    const prepared = prepareEvent({ event_type: 'llm.request', payload });
    expect(prepared.payload).toEqual(roundTrip(payload));
    expect(prepared.payload_json).toBe(JSON.stringify(payload));
    const plain = { model: 'm', prompt_hash: 'a'.repeat(64), prompt_head: 'a', prompt_tail: 'b' };
    const again = prepareEvent({ event_type: 'llm.request', payload: plain });
    expect(again.payload).toEqual(plain);
    expect(again.payload).not.toBe(plain);
  });
});
