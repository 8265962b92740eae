import { describe, expect, it } from 'vitest';
import { parseEvidence, splitEvidence } from './parse-evidence.js';

const RECEIPT = 'rcpt_0193a1b2c3d4e5f6a7b8';

describe('parseEvidence', () => {
  it('reads type, sources with line ranges, quotes and receipts', () => {
    expect(parseEvidence(`Evidence: content | Story/Scenes/SCN-07-statements.md#L88-L90, Compendium/Characters/CHAR-hester-vane.md | "green eyes", “eyes: grey” | receipt ${RECEIPT}`)).toEqual({
      line: `Evidence: content | Story/Scenes/SCN-07-statements.md#L88-L90, Compendium/Characters/CHAR-hester-vane.md | "green eyes", “eyes: grey” | receipt ${RECEIPT}`,
      type: 'content',
      sources: [{ path: 'Story/Scenes/SCN-07-statements.md', lines: { start: 88, end: 90 } }, { path: 'Compendium/Characters/CHAR-hester-vane.md' }],
      quotes: ['green eyes', 'eyes: grey'],
      detail: '"green eyes", “eyes: grey”',
      receipts: [RECEIPT],
    });
  });

  it('accepts the bold prefixes, single-line anchors and section anchors', () => {
    expect(parseEvidence('**Evidence:** structural | Story/SCN-outline.md#L5 | L5')?.sources).toEqual([{ path: 'Story/SCN-outline.md', lines: { start: 5, end: 5 } }]);
    expect(parseEvidence('__Evidence:__ structural | Story/SCN-outline.md#Act 2 — Tides | "Act 2"')?.sources).toEqual([{ path: 'Story/SCN-outline.md', section: 'Act 2 — Tides' }]);
  });

  it('keeps a | inside a quote as part of the quote', () => {
    const parsed = parseEvidence('Evidence: content | Canon.md | "a | b" | receipt rcpt_abcdefghijkl');
    expect(parsed?.quotes).toEqual(['a | b']);
    expect(parsed?.receipts).toEqual(['rcpt_abcdefghijkl']);
  });

  it('returns null for text that is not an evidence line', () => {
    expect(parseEvidence('The lamp room is cold.')).toBeNull();
    expect(parseEvidence(null)).toBeNull();
  });
});

describe('splitEvidence', () => {
  it('separates the reply from its evidence line', () => {
    expect(splitEvidence('Hester has grey eyes.\n\nEvidence: content | Canon.md | "grey"')).toEqual({
      body: 'Hester has grey eyes.',
      evidence: 'Evidence: content | Canon.md | "grey"',
    });
  });

  it('prefers the evidence line the server extracted', () => {
    expect(splitEvidence('Text.\nEvidence: a', 'Evidence: content | Canon.md | "x"').evidence).toBe('Evidence: content | Canon.md | "x"');
  });
});
