import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../testing/index.js';
import { QuoteIndex } from './quote-index.js';
import { validateEvidence } from './validate-evidence.js';

/** A manuscript in a writer's own layout: numbered chapter files, no SCN- names. */
const workspace = new MemoryWorkspace({
  'Story/Outline.md': '# Outline\n\n## Chapter 1\n- Beat: the ferry\n\n## Chapter 2\n- Beat: the inn\n',
  'Story/Chapters/01 The Ferry.md': '# The Ferry\n\nWren kept the brass compass in her coat.\nThe ferryman said nothing.\n',
  'Story/Chapters/02 The Inn.md': '# The Inn\n\nThe inn smelled of tar and wet dogs.\nNobody asked about compasses.\n',
  'Story/Chapters/03 The Road.md': '# The Road\n\nThe road ran east.\n',
  'Compendium/Characters/Wren Alder.md': '# Wren Alder\n\n- Eyes: hazel\n',
});
const context = { workspace, knownReceiptIds: new Set<string>(), quoteIndex: new QuoteIndex() };
const codes = async (detail: string, sources = 'Story/Chapters/') =>
  (await validateEvidence(`It is not there.\nEvidence: absence | ${sources} | ${detail}`, context)).issues.map((issue) => issue.code);

describe('absence claims are run, not read', () => {
  it('passes when the term is truly absent from the whole scope, and lists what was searched', async () => {
    const report = await validateEvidence('Never named.\nEvidence: absence | Story/Chapters/ | checked chapters 1–3 for "lantern"', context);
    expect(report.issues).toEqual([]);
    expect(report.searched).toEqual(['Story/Chapters/01 The Ferry.md', 'Story/Chapters/02 The Inn.md', 'Story/Chapters/03 The Road.md']);
  });

  it('is contradicted by the term anywhere in its scope or its cited sources, naming file and line', async () => {
    const report = await validateEvidence('No compass.\nEvidence: absence | Story/Chapters/ | checked chapters 1–2 for "compass"', context);
    expect(report.issues.map((issue) => issue.code)).toEqual(['absence_contradicted']);
    expect(report.absenceHits).toEqual([
      { term: 'compass', path: 'Story/Chapters/01 The Ferry.md', line: 3 },
      { term: 'compass', path: 'Story/Chapters/02 The Inn.md', line: 4 },
    ]);
    expect(report.issues[0]?.message).toContain('Story/Chapters/01 The Ferry.md#L3');
    // The scope says chapter 3 only, but the cited folder holds the word: the claim covers what it cites.
    expect(await codes('checked chapter 3 for "compass"')).toEqual(['absence_contradicted']);
    expect(await codes('checked chapter 3 for "compass"', 'Story/Chapters/03 The Road.md')).toEqual([]);
    expect(await codes('checked the whole manuscript for "hazel"', 'Compendium/')).toEqual(['absence_contradicted']);
  });

  it('refuses a scope that names more than exists, what cannot be tied to files, or no term', async () => {
    expect(await codes('checked chapters 1–8 for "lantern"')).toEqual(['absence_scope_missing']);
    expect(await codes('checked Act 2 for "lantern"')).toEqual(['absence_scope_missing']);
    expect(await codes('checked Story/Drafts/ for "lantern"')).toEqual(['absence_scope_missing']);
    expect(await codes('checked chapters 1–3 for ""')).toEqual(['absence_scope_missing']);
    expect(await codes('checked chapters 1–3 for "…"')).toEqual(['absence_scope_missing']);
    expect(await codes('checked .control-room/memory for "lantern"', '.control-room/')).toContain('absence_scope_missing');
  });

  it('reads the term after "for", past filler words', async () => {
    expect(await codes('checked every chapter for any mention of the compass')).toEqual(['absence_contradicted']);
  });
});
