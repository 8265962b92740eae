import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJsonText } from './canonical-json-text.js';

/** The reference implementation's answer: its text, or that it refused. */
function reference(value: unknown): { text: string | undefined } | { refused: true } {
  try {
    return { text: canonicalize(value) };
  } catch {
    return { refused: true };
  }
}

function ours(value: unknown): { text: string | undefined } | { refused: true } {
  try {
    return { text: canonicalJsonText(value) };
  } catch {
    return { refused: true };
  }
}

// Any UTF-16 code units, so lone and paired surrogates, escapes and controls all turn up.
const codeUnitText = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((units) => String.fromCharCode(...units));
const scalar = fc.oneof(codeUnitText, fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom(-0, 1e21, 1e-7, 0.1, 5e-324, Number.MAX_VALUE));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.dictionary(fc.oneof(codeUnitText, fc.string()), tie('node'), { maxKeys: 6 }),
})).node;

describe('canonicalJsonText', () => {
  it('writes every JSON value as the reference RFC 8785 implementation does, and refuses what it refuses', () => {
    fc.assert(
      fc.property(value, (candidate) => {
        expect(ours(candidate)).toEqual(reference(candidate));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees on JSON parsed back from text, as receipts are read', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (candidate) => {
        const parsed: unknown = JSON.parse(JSON.stringify(candidate));
        expect(canonicalJsonText(parsed)).toBe(canonicalize(parsed));
      }),
      { numRuns: 1000 },
    );
  });

  it('sorts members by UTF-16 code units, not by code points or locale', () => {
    const members = { '\u{1F600}': 1, '\uFB33': 2, '\u00e9': 3, e: 4, E: 5, '10': 6, '9': 7 };
    expect(canonicalJsonText(members)).toBe(canonicalize(members));
    expect(canonicalJsonText(members)).toBe('{"10":6,"9":7,"E":5,"e":4,"\u00e9":3,"\u{1F600}":1,"\uFB33":2}');
  });

  it('writes numbers the RFC 8785 way', () => {
    expect(canonicalJsonText([-0, 1e21, 1e-7, 0.000001, 1 / 3, 4.5, 2 ** 53])).toBe('[0,1e+21,1e-7,0.000001,0.3333333333333333,4.5,9007199254740992]');
  });

  it('refuses what canonical JSON cannot carry', () => {
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '\uD800', { '\uDC00': 1 }, ['a\uDBFFb'], circular, 10n, { deep: [{ n: Number.NEGATIVE_INFINITY }] }]) {
      expect(() => canonicalJsonText(bad), String(bad)).toThrow();
    }
  });

  it('treats what JSON leaves out as JSON.stringify does', () => {
    expect(canonicalJsonText(undefined)).toBeUndefined();
    expect(canonicalJsonText(Symbol('s'))).toBeUndefined();
    expect(canonicalJsonText({ b: undefined, a: Symbol('s'), c: () => 1, d: 1 })).toBe('{"d":1}');
    expect(canonicalJsonText([undefined, Symbol('s'), () => 1])).toBe('[null,null,null]');
    expect(canonicalJsonText({ when: new Date(Date.UTC(2025, 0, 2)) })).toBe('{"when":"2025-01-02T00:00:00.000Z"}');
    expect(canonicalJsonText({ z: { toJSON: () => ({ y: 2, x: 1 }) } })).toBe('{"z":{"x":1,"y":2}}');
  });

  it('lets the same object appear twice when it is not inside itself', () => {
    const shared = { k: 'v' };
    expect(canonicalJsonText({ a: shared, b: [shared, shared] })).toBe('{"a":{"k":"v"},"b":[{"k":"v"},{"k":"v"}]}');
  });
});
