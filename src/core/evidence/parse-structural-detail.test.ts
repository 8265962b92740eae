import { describe, expect, it } from 'vitest';
import { parseStructuralDetail } from './parse-structural-detail.js';

const steps = (detail: string) => parseStructuralDetail(detail, 0).outline.map((ref) => ref.steps.map((step) => `${step.level}:${step.number}`).join(' '));

describe('parseStructuralDetail', () => {
  it('finds line ranges in the L and "lines" forms, with spans offset into the reply', () => {
    const detail = 'see L12-L20, L7, lines 30–34 and line 9';
    const parsed = parseStructuralDetail(detail, 100);
    expect(parsed.lineRanges.map((range) => [range.start, range.end])).toEqual([[12, 20], [7, 7], [30, 34], [9, 9]]);
    expect(parsed.lineRanges[0]?.span).toEqual({ start: 104, end: 111 });
  });

  it('groups outline steps joined by ›, >, / or commas into one entry, separate mentions into several', () => {
    expect(steps('Act 2 › Scene 5')).toEqual(['act:2 scene:5']);
    expect(steps('Act 2 > Beat 3')).toEqual(['act:2 beat:3']);
    expect(steps('Part II / Chapter three')).toEqual(['act:2 scene:3']);
    expect(steps('Scene 4 comes before Scene 5')).toEqual(['scene:4', 'scene:5']);
    expect(steps('the act sags')).toEqual([]);
  });

  it('collects quoted titles', () => {
    expect(parseStructuralDetail('the entry “The Surgery” and "Letters"', 0).titles.map((title) => title.text)).toEqual(['The Surgery', 'Letters']);
  });
});
