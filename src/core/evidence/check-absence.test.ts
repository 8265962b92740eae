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

describe('an absence claim is searched over all it names, or refused', () => {
  const scene = 'Story/Chapters/03 The Road.md';
  // "tar" is only in chapter 2, "hazel" only in the Compendium: each forgery names them but resolves to less.
  it('refuses a scope phrase that names part of the book but is no file, id or range', async () => {
    for (const detail of [
      'checked chapter 3 and the tavern chapter for "tar"',
      'checked chapter 3 and the prologue for "tar"',
      'checked chapter 3 and the second chapter for "tar"',
      'checked chapter 3 and the rest for "tar"',
      "checked chapter 3 and Wren's chapters for \"tar\"",
      'checked chapter 3 plus 2 for "tar"',
      'checked chapter 3, then the middle of the book for "tar"',
      'searched for "tar" in chapter 3 and the epilogue',
    ]) {
      expect(await codes(detail, scene), detail).toContain('absence_scope_missing');
    }
  });

  it('resolves what a scope may name in words: number words, short id ranges, titles, the Compendium', async () => {
    expect(await codes('checked chapters one to three for "tar"', scene)).toEqual(['absence_contradicted']);
    expect(await codes('checked chapter three and chapter two for "tar"', scene)).toEqual(['absence_contradicted']);
    expect(await codes('checked The Road and The Inn for "tar"', scene)).toEqual(['absence_contradicted']);
    expect(await codes('checked the Inn chapter for "tar"', scene)).toEqual(['absence_contradicted']);
    expect(await codes('checked chapter 3 and the Compendium for "hazel"', scene)).toEqual(['absence_contradicted']);
    expect(await codes('checked the outline for "inn"', scene)).toEqual(['absence_contradicted']);
  });

  it('passes true claims however the scope is phrased', async () => {
    for (const detail of [
      'checked chapters 1–3 for "zeppelin"',
      'checked chapters one to three (3 files) for "zeppelin"',
      'searched every chapter file for "zeppelin"',
      'searched for "zeppelin" in chapters 1-3 — no hits',
      'checked The Ferry, The Inn and The Road for "zeppelin"',
      'checked the whole manuscript for "zeppelin". Nothing found.',
      'DEEP_SCAN of Story/Chapters/ for "zeppelin": 0 matches',
      'checked the manuscript and the Compendium for "zeppelin"',
    ]) {
      expect(await codes(detail), detail).toEqual([]);
    }
  });

  it('refuses a scope naming something the book lacks', async () => {
    const bare = new MemoryWorkspace({ 'Story/Chapters/01 One.md': '# One\n\nThe road ran east.\n' });
    const report = await validateEvidence('Not there.\nEvidence: absence | Story/Chapters/ | checked the outline for "zeppelin"', { ...context, workspace: bare });
    expect(report.issues.map((issue) => issue.code)).toEqual(['absence_scope_missing']);
  });

  it('refuses Canon.md as a scope until the canon index is built, and searches it once built', async () => {
    const scene = 'Story/Chapters/03 The Road.md';
    // The placeholder holds no manuscript text, so a claim of having searched it is searched in nothing.
    for (const detail of ['checked Canon.md for "ledger"', 'checked the canon for "ledger"', 'checked chapter 3 and Canon.md for "ledger"']) {
      const report = await validateEvidence(`Not there.\nEvidence: absence | ${scene} | ${detail}`, context);
      expect(report.issues.map((issue) => issue.code), detail).toEqual(['absence_scope_missing']);
      expect(report.issues[0]?.message, detail).toContain('placeholder');
    }
    // The whole manuscript still names real files beside the placeholder.
    expect(await codes('checked the whole manuscript for "ledger"', scene)).toEqual([]);
    const built = new MemoryWorkspace({ [scene]: '# The Road\n\nThe road ran east.\n' }, '# Canon Index\n\n- Wren keeps a ledger.\n');
    const withCanon = { ...context, workspace: built, quoteIndex: new QuoteIndex() };
    const run = async (term: string) =>
      (await validateEvidence(`Not there.\nEvidence: absence | ${scene} | checked Canon.md for "${term}"`, withCanon)).issues.map((issue) => issue.code);
    expect(await run('zeppelin')).toEqual([]);
    expect(await run('ledger')).toEqual(['absence_contradicted']);
  });
});
