import { describe, expect, it } from 'vitest';
import type { EvidenceReport } from '../api/index.js';
import { citationTarget, replyBody } from './report-view.js';

const report = (fields: Partial<EvidenceReport>): EvidenceReport => ({
  ok: true,
  line: null,
  type: 'content',
  sources: [],
  quotes: [],
  receipts: [],
  locations: [],
  searched: [],
  absenceHits: [],
  issues: [],
  ...fields,
});

describe('evidence report view', () => {
  it('takes the evidence line the validator found out of the reply body', () => {
    const line = '**Evidence**: content | Canon.md | "grey eyes"';
    expect(replyBody(`Hester has grey eyes.\n\n${line}`, report({ line }).line)).toBe('Hester has grey eyes.');
    expect(replyBody('No line here.', null)).toBe('No line here.');
  });

  it('opens the located quote, else the cited range, else the file', () => {
    const location = { quote: 'grey eyes', path: 'Canon.md', startLine: 4, endLine: 5, start: 10, end: 30 };
    expect(citationTarget(report({ locations: [location], sources: [{ path: 'Canon.md', lines: { start: 1, end: 9 } }] }))).toEqual({
      path: 'Canon.md',
      range: { start: 4, end: 5 },
    });
    expect(citationTarget(report({ sources: [{ path: 'Story/SCN-outline.md', lines: { start: 5, end: 10 } }] }))).toEqual({
      path: 'Story/SCN-outline.md',
      range: { start: 5, end: 10 },
    });
    expect(citationTarget(report({ sources: [{ path: 'Story/Scenes/' }] }))).toEqual({ path: 'Story/Scenes/', range: null });
    expect(citationTarget(report({}))).toBeNull();
  });
});
