import { describe, expect, it } from 'vitest';
import { parseLineRange, sliceLines, splitLines } from './slice-lines.js';

describe('line ranges', () => {
  it('splits lines without a phantom last line and across line-ending styles', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb\rc')).toEqual(['a', 'b', 'c']);
    expect(splitLines('')).toEqual([]);
  });

  it('parses the range forms people type', () => {
    expect(parseLineRange('3-7')).toEqual({ start: 3, end: 7 });
    expect(parseLineRange('4')).toEqual({ start: 4, end: 4 });
    expect(parseLineRange(' 2 : 9 ')).toEqual({ start: 2, end: 9 });
    expect(() => parseLineRange('7-3')).toThrow(/end at or after/);
    expect(() => parseLineRange('0-3')).toThrow(/start at 1/);
    expect(() => parseLineRange('x')).toThrow(expect.objectContaining({ code: 'line_range_invalid' }));
  });

  it('clamps the end and refuses a start past the last line', () => {
    const lines = ['one', 'two', 'three'];
    expect(sliceLines('f.md', lines, { start: 2, end: 99 })).toEqual({ text: 'two\nthree', startLine: 2, endLine: 3 });
    expect(() => sliceLines('f.md', lines, { start: 4, end: 5 })).toThrow(/has 3 lines/);
    expect(sliceLines('f.md', [], undefined)).toEqual({ text: '', startLine: 0, endLine: 0 });
  });
});
