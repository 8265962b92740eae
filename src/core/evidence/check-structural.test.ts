import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../testing/index.js';
import { QuoteIndex } from './quote-index.js';
import { validateEvidence } from './validate-evidence.js';

/** A book numbered through: Chapter 2 is in Part One only. */
const through = new MemoryWorkspace({
  'Story/Outline.md': [
    '# Outline', '', '## Act 1 — The Crossing', '',
    '### Scene 1: Fog Bank', '- POV: Ines', '- Beat: the ferry stalls', '',
    '### Scene 2: The Purser', '- POV: Ines', '- Beat: a ledger goes missing', '',
    '## Act 2 — Landfall', '',
    '### Scene 3: Customs', '- POV: Tomas', '- Beat: the ledger is found', '',
    '### Scene 4: The Auction', '- POV: Ines', '- Beat: a bid is withdrawn', '',
  ].join('\n'),
  'Story/Scenes/01 Fog Bank.md': '# Fog Bank\n\nThe fog came in low.\n',
});
/** A book numbered within each act: Act 2 › Scene 1 is its own scene. */
const perAct = new MemoryWorkspace({
  'Story/Outline.md': '# Outline\n\n## Act 1\n\n### Scene 1: Rain\n- Beat: rain\n\n### Scene 2: Wind\n- Beat: wind\n\n## Act 2\n\n### Scene 1: Snow\n- Beat: snow\n',
});

const codes = async (workspace: MemoryWorkspace, line: string) =>
  (await validateEvidence(`So it is.\nEvidence: structural | ${line}`, { workspace, knownReceiptIds: new Set(), quoteIndex: new QuoteIndex() })).issues.map((issue) => issue.code);

describe('structural claims are checked against the outline they name', () => {
  it('does not count a scene by place inside an act when the outline numbers that scene elsewhere', async () => {
    expect(await codes(through, 'Story/Outline.md | Act 2 › Scene 2')).toEqual(['structural_ref_missing']);
    expect(await codes(through, 'Story/Outline.md | Act 1 › Scene 3')).toEqual(['structural_ref_missing']);
    expect(await codes(through, 'Story/Outline.md | Act 2 › Scene 3')).toEqual([]);
    expect(await codes(perAct, 'Story/Outline.md | Act 2 › Scene 1')).toEqual([]);
  });

  it('checks a title written with an act or scene against that entry', async () => {
    expect(await codes(through, 'Story/Outline.md | Act 1 — The Crossing › Scene 2: The Purser')).toEqual([]);
    expect(await codes(through, 'Story/Outline.md | Act 2 — Landfall opens with Scene 3')).toEqual([]);
    expect(await codes(through, 'Story/Outline.md | Act 1 — Landfall › Scene 2')).toEqual(['structural_ref_missing']);
    expect(await codes(through, 'Story/Outline.md | Act 1 — The Crossing › Scene 3: Customs')).toEqual(['structural_ref_missing']);
    expect(await codes(through, 'Story/Outline.md | Scene 4: Customs')).toEqual(['structural_ref_missing']);
  });

  it('checks a quoted title beside an entry, and leaves other quoted titles as prose', async () => {
    expect(await codes(through, 'Story/Outline.md | Scene 3 “Customs”')).toEqual([]);
    expect(await codes(through, 'Story/Outline.md | "The Auction" is in Act 2')).toEqual([]);
    expect(await codes(through, 'Story/Outline.md | Scene 3 "The Purser"')).toEqual(['structural_ref_missing']);
    expect(await codes(through, 'Story/Outline.md | "Fog Bank" in Act 2')).toEqual(['structural_ref_missing']);
    expect(await codes(through, 'Story/Outline.md | "Landfall" › Scene 1')).toEqual(['structural_ref_missing']);
    expect(await codes(through, 'Story/Outline.md | Scene 3 (“Customs”) follows “The Purser”')).toEqual([]);
  });

  it('lets a cited range take in the blank lines around an entry, not the next entry', async () => {
    expect(await codes(through, 'Story/Outline.md#L9-L12 | Act 1 › Scene 2')).toEqual([]);
    expect(await codes(through, 'Story/Outline.md#L8-L12 | Act 1 › Scene 2')).toEqual([]);
    expect(await codes(through, 'Story/Outline.md#L7-L12 | Act 1 › Scene 2')).toEqual(['structural_ref_missing']);
    expect(await codes(through, 'Story/Outline.md#L9-L15 | Act 1 › Scene 2')).toEqual(['structural_ref_missing']);
  });
});
