import { describe, expect, it } from 'vitest';
import { findObjectEnd, scanTopLevelObjects } from './scan-json-objects.js';

describe('scanTopLevelObjects', () => {
  it('finds each top-level object between JSON whitespace', () => {
    expect(scanTopLevelObjects('{"a":{"b":1}}')).toEqual({ ok: true, spans: [{ start: 0, end: 13 }] });
    expect(scanTopLevelObjects(' {}\n\t{"x":[{}]} ')).toEqual({ ok: true, spans: [{ start: 1, end: 3 }, { start: 5, end: 15 }] });
  });

  it('ignores braces and escaped quotes inside strings', () => {
    const text = String.raw`{"a":"}{\"}"}{"b":"\\"}`;
    expect(scanTopLevelObjects(text)).toEqual({ ok: true, spans: [{ start: 0, end: 13 }, { start: 13, end: 23 }] });
  });

  it('says what is wrong otherwise', () => {
    expect(scanTopLevelObjects('  ')).toMatchObject({ ok: false, problem: 'empty' });
    expect(scanTopLevelObjects('note {}')).toMatchObject({ ok: false, problem: 'text_before', index: 0 });
    expect(scanTopLevelObjects('{} note')).toMatchObject({ ok: false, problem: 'text_after', index: 3 });
    expect(scanTopLevelObjects('{"a":{}')).toMatchObject({ ok: false, problem: 'unbalanced' });
    expect(scanTopLevelObjects('{"a":"}')).toMatchObject({ ok: false, problem: 'unbalanced' });
    expect(scanTopLevelObjects('{}\u00a0{}')).toMatchObject({ ok: false, problem: 'text_after' });
  });

  it('returns -1 for an object that never closes', () => {
    expect(findObjectEnd('{{{', 0)).toBe(-1);
    expect(findObjectEnd('x{}', 1)).toBe(3);
  });
});
