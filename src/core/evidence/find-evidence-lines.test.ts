import { describe, expect, it } from 'vitest';
import { findEvidenceLines } from './find-evidence-lines.js';

describe('findEvidenceLines', () => {
  it('finds each accepted prefix, any case, and where its body starts', () => {
    const prefixes = ['Evidence:', '**Evidence:**', '__Evidence:__', '**Evidence**:', 'evidence:', 'EVIDENCE:', '- Evidence:', '> **Evidence:**'];
    for (const prefix of prefixes) {
      const text = `Answer.\n${prefix} content | a.md | "x y z"`;
      const [line] = findEvidenceLines(text);
      expect(line, prefix).toBeDefined();
      expect(text.slice(line?.bodyStart, line?.span.end)).toBe('content | a.md | "x y z"');
      expect(text.slice(line?.span.start, line?.span.end)).toBe(`${prefix} content | a.md | "x y z"`);
    }
  });

  it('ignores the word in the middle of a line and lines without the colon', () => {
    expect(findEvidenceLines('The evidence: none.\nEvidence suggests otherwise.\nMy Evidence: x')).toEqual([]);
  });

  it('finds every evidence line, in order, with CRLF line ends', () => {
    const lines = findEvidenceLines('Evidence: a\r\nText\r\nEvidence: b');
    expect(lines.map((line) => line.span.start)).toEqual([0, 19]);
    expect(lines[0]?.span.end).toBe(11);
  });

  it('lets a quote copied with line breaks run on to the lines where it closes', () => {
    const text = 'Answer.\nEvidence: content | a.md | "first line\nsecond line" | receipt r\nAfter.';
    const [line] = findEvidenceLines(text);
    expect(text.slice(line?.span.start, line?.span.end)).toBe('Evidence: content | a.md | "first line\nsecond line" | receipt r');
  });

  it('keeps a line whose quote never closes to itself, and never swallows the next evidence line', () => {
    const open = 'Evidence: content | a.md | "never closed\nmore text\nand more';
    expect(findEvidenceLines(open).map((line) => open.slice(line.span.start, line.span.end))).toEqual(['Evidence: content | a.md | "never closed']);
    const two = 'Evidence: content | a.md | "open\nEvidence: content | b.md | "x y z"';
    expect(findEvidenceLines(two)).toHaveLength(2);
  });
});
