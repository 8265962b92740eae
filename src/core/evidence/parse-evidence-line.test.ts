import { describe, expect, it } from 'vitest';
import { findEvidenceLines } from './find-evidence-lines.js';
import { parseEvidenceLine, reportedSources } from './parse-evidence-line.js';

function parse(reply: string) {
  const [line] = findEvidenceLines(reply);
  if (!line) throw new Error('no evidence line');
  return parseEvidenceLine(reply, line);
}

const slice = (text: string, span: { start: number; end: number }): string => text.slice(span.start, span.end);

describe('parseEvidenceLine', () => {
  it('parses a content line with sources, anchors, quotes and receipts, with spans for each', () => {
    const reply = 'Answer.\nEvidence: content | Story/Scenes/SCN-01.md#L12-L20, Canon.md | "first quote" and “second, | quote” | receipt rcpt_0190aaaaaaaaaa, rcpt_0190bbbbbbbbbb';
    const parsed = parse(reply);
    expect(parsed.issues).toEqual([]);
    expect(parsed.type).toBe('content');
    expect(slice(reply, parsed.typeSpan)).toBe('content');
    expect(reportedSources(parsed.sources)).toEqual([{ path: 'Story/Scenes/SCN-01.md', lines: { start: 12, end: 20 } }, { path: 'Canon.md' }]);
    expect(parsed.sources.map((source) => slice(reply, source.span))).toEqual(['Story/Scenes/SCN-01.md#L12-L20', 'Canon.md']);
    expect(parsed.quotes.map((quote) => quote.text)).toEqual(['first quote', 'second, | quote']);
    expect(parsed.quotes.map((quote) => slice(reply, quote.span))).toEqual(['first quote', 'second, | quote']);
    expect(parsed.receipts.map((receipt) => [receipt.id, slice(reply, receipt.span)])).toEqual([
      ['rcpt_0190aaaaaaaaaa', 'rcpt_0190aaaaaaaaaa'],
      ['rcpt_0190bbbbbbbbbb', 'rcpt_0190bbbbbbbbbb'],
    ]);
  });

  it('reads section anchors (commas inside a title stay), single lines and loose line forms', () => {
    const parsed = parse('Evidence: structural | Story/SCN-outline.md#Act 2 — High Water, Scene 5; Story/a.md#L7, Story/b.md:3-4, Story/c.md (lines 5–9) | L1');
    expect(reportedSources(parsed.sources)).toEqual([
      { path: 'Story/SCN-outline.md', section: 'Act 2 — High Water, Scene 5' },
      { path: 'Story/a.md', lines: { start: 7, end: 7 } },
      { path: 'Story/b.md', lines: { start: 3, end: 4 } },
      { path: 'Story/c.md', lines: { start: 5, end: 9 } },
    ]);
  });

  it('strips backticks and markdown links around paths and splits "a and b"', () => {
    const parsed = parse('Evidence: content | `Story/a.md` and [b](Story/b.md) | "three words here"');
    expect(parsed.sources.map((source) => source.path)).toEqual(['Story/a.md', 'Story/b.md']);
  });

  it('parses structural and absence details', () => {
    const structural = parse('Evidence: structural | Story/SCN-outline.md | Act 2 › Scene 5, see L30-L36');
    expect(structural.structural?.outline[0]?.steps.map((step) => [step.level, step.number])).toEqual([['act', 2], ['scene', 5]]);
    expect(structural.structural?.lineRanges).toMatchObject([{ start: 30, end: 36 }]);
    const absence = parse('Evidence: absence | Story/Scenes/ | checked Story/Scenes/SCN-01…SCN-08 for "locket"');
    expect(absence.absence?.scope.map((item) => item.text)).toEqual(['Story/Scenes/SCN-01', 'SCN-08']);
    expect(absence.absence?.terms.map((term) => term.text)).toEqual(['locket']);
  });

  it('reports a bad type, missing parts, quote-less content and unclosed quotes as evidence_invalid', () => {
    expect(parse('Evidence: opinion | a.md | "xyz"').issues.map((issue) => issue.code)).toEqual(['evidence_invalid']);
    expect(parse('Evidence: content | a.md').issues[0]?.message).toContain('missing its detail');
    expect(parse('Evidence:').issues).toHaveLength(1);
    expect(parse('Evidence: content | a.md | no quote here').issues[0]?.message).toContain('at least one quote');
    expect(parse('Evidence: content | a.md | "open quote').issues.map((issue) => issue.message)).toEqual([expect.stringContaining('not closed')]);
    expect(parse('Evidence: content | a.md#L9-L3 | "xyz"').issues[0]?.message).toContain('backwards');
  });

  it('accepts "content claim" and bold type words, "receipt: none", and a | inside the detail', () => {
    const parsed = parse('Evidence: **Content claim** | a.md | "xyz" | more "abc" | receipt: none');
    expect(parsed.type).toBe('content');
    expect(parsed.receipts).toEqual([]);
    expect(parsed.quotes.map((quote) => quote.text)).toEqual(['xyz', 'abc']);
    expect(parsed.issues).toEqual([]);
  });

  it('flags receipt tokens that are not receipt ids', () => {
    const parsed = parse('Evidence: content | a.md | "xyz" | receipt R-12, rcpt_0190aaaaaaaaaa');
    expect(parsed.receipts.map((receipt) => receipt.id)).toEqual(['rcpt_0190aaaaaaaaaa']);
    expect(parsed.issues).toMatchObject([{ code: 'receipt_unknown', message: expect.stringContaining('R-12') }]);
  });
});
