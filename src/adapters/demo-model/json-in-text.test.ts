import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonObjectsIn, visitObjects } from './json-in-text.js';

describe('jsonObjectsIn', () => {
  it('finds the objects in prose, with braces and escaped quotes inside strings', () => {
    const text = 'Result 1 (receipt rcpt_1):\n{"a":"x } y","b":{"c":"say \\"hi\\""}}\nthen {"d":2} and {not json}';
    expect(jsonObjectsIn(text)).toEqual([{ a: 'x } y', b: { c: 'say "hi"' } }, { d: 2 }]);
  });

  it('enters an object cut off at the end and keeps the complete objects inside it', () => {
    const whole = JSON.stringify({ findings: [{ path: 'a.md', line: 3 }, { path: 'b.md', line: 9 }], entities: [{ name: 'long' }] });
    const cut = whole.slice(0, whole.indexOf('"entities"') + 20);
    expect(jsonObjectsIn(cut)).toEqual([{ path: 'a.md', line: 3 }, { path: 'b.md', line: 9 }]);
  });

  it('never throws, and finds any JSON object embedded in any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string({ minLength: 1 }).filter((key) => key !== '__proto__'), fc.oneof(fc.string(), fc.integer(), fc.boolean())), fc.string(), (before, object, after) => {
        const safeBefore = before.replace(/[{}"]/g, '');
        const found = jsonObjectsIn(`${safeBefore}${JSON.stringify(object)}${after.replace(/[{]/g, '')}`);
        expect(found[0]).toEqual(object);
      }),
    );
    fc.assert(fc.property(fc.string(), (text) => Array.isArray(jsonObjectsIn(text))));
  });
});

describe('visitObjects', () => {
  it('walks nested objects and arrays, and opens JSON held in strings (truncated excerpts)', () => {
    const seen: string[] = [];
    const excerpt = JSON.stringify({ findings: [{ id: 'inner' }] }).slice(0, -2);
    visitObjects({ id: 'outer', list: [{ id: 'child' }], excerpt }, (record) => {
      if (typeof record['id'] === 'string') seen.push(record['id']);
    });
    expect(seen).toEqual(['outer', 'child', 'inner']);
  });
});
