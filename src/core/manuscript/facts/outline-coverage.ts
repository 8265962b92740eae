import { slugify } from '../checks/beat-match.js';
import type { Finding } from '../finding.js';
import type { Outline, OutlineEntry } from '../outline.js';
import { resolveSceneReference } from '../scene-reference.js';
import { titleNumber, type SceneFile } from '../scene-file.js';
import { parseNumberWord } from '../numbers.js';
import { stemWord } from '../word-stem.js';

/** Which outline entry each chapter is written from, and what is left on either side. */
export interface OutlineCoverage {
  entryOf: Map<SceneFile, OutlineEntry>;
  /** How each pair was made: `file`, `title`, `number`, `similar title`, `order`. */
  how: Map<SceneFile, string>;
  unwritten: OutlineEntry[];
  unplanned: SceneFile[];
}

const STOP = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'at', 'and', 'to', 'for', 'with', 'from', 'by', 'chapter', 'scene', 'part']);

function titleWords(text: string): Set<string> {
  return new Set(slugify(text).split('-').filter((word) => word.length > 1 && !STOP.has(word) && !/^\d+$/.test(word)).map(stemWord));
}

function sceneTitles(scene: SceneFile): string[] {
  return [scene.title?.value ?? '', scene.slug.replace(/[-_]+/g, ' '), scene.fileStem].filter((title) => title.trim() !== '');
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const shared = [...a].filter((word) => b.has(word)).length;
  return shared / Math.min(a.size, b.size);
}

/**
 * Pairs chapters with outline entries, in passes that each take only certain pairs: the entry's
 * `File:`, the same title, the same number (when the outline numbers its entries), mostly the same
 * title words, and finally reading order within each gap between paired chapters, when what is left
 * there on both sides is equal in count.
 */
export function matchOutline(scenes: readonly SceneFile[], outline: Outline, files: readonly string[]): OutlineCoverage {
  const entryOf = new Map<SceneFile, OutlineEntry>();
  const how = new Map<SceneFile, string>();
  const taken = new Set<OutlineEntry>();
  const pair = (scene: SceneFile, entry: OutlineEntry, reason: string): void => {
    entryOf.set(scene, entry);
    how.set(scene, reason);
    taken.add(entry);
  };
  const free = (): SceneFile[] => scenes.filter((scene) => !entryOf.has(scene));
  const open = (): OutlineEntry[] => outline.entries.filter((entry) => !taken.has(entry));
  for (const entry of outline.entries) {
    const path = entry.fields.file ? resolveSceneReference(entry.fields.file.value, files) : null;
    const scene = path === null ? undefined : free().find((candidate) => candidate.path === path);
    if (scene) pair(scene, entry, 'file');
  }
  for (const scene of free()) {
    const slugs = new Set(sceneTitles(scene).map(slugify).filter((slug) => slug !== ''));
    const matches = open().filter((entry) => entry.title !== '' && slugs.has(slugify(entry.title)));
    if (matches.length === 1) pair(scene, matches[0]!, 'title');
  }
  const numbered = outline.entries.filter((entry) => entry.number !== null).length >= Math.max(2, outline.entries.length / 2);
  // The later chapters of an entry that spans several (`Debate (Chapters 4–5)`): planned by it,
  // though it pairs (and hands its time) only to the first.
  const spanned = new Set<SceneFile>();
  if (numbered) {
    // A number the chapter's own heading states ("Chapter 8") pairs first: a file's number may only count its place.
    for (const pass of ['heading', 'file'] as const) {
      for (const scene of free()) {
        const stated = titleNumber(scene);
        const number = pass === 'heading' ? stated : scene.sceneNumber?.value;
        if (number === null || number === undefined) continue;
        const matches = open().filter((entry) => entry.number === number);
        if (matches.length === 1) pair(scene, matches[0]!, 'number');
      }
    }
    for (const scene of free()) {
      const number = scene.sceneNumber?.value;
      if (number !== undefined && outline.entries.some((entry) => entry.number !== null && entry.through !== null && entry.number < number && number <= entry.through)) spanned.add(scene);
    }
  }
  for (const scene of free()) {
    const words = sceneTitles(scene).map(titleWords).reduce((all, set) => new Set([...all, ...set]), new Set<string>());
    const scored = open().map((entry) => ({ entry, score: similarity(words, titleWords(`${entry.title}`)) })).filter((item) => item.score >= 0.6).sort((a, b) => b.score - a.score);
    if (scored.length > 0 && (scored.length === 1 || scored[0]!.score > scored[1]!.score)) pair(scene, scored[0]!.entry, 'similar title');
  }
  // What is left pairs by reading order, but only within one gap: the chapters between two paired
  // chapters with the entries between the same two entries, when the counts agree.
  const gapOfScene = (scene: SceneFile): number => {
    const earlier = scenes.slice(0, scenes.indexOf(scene)).reverse().find((other) => entryOf.has(other));
    return earlier ? outline.entries.indexOf(entryOf.get(earlier)!) : -1;
  };
  const gapOfEntry = (entry: OutlineEntry): number => {
    const index = outline.entries.indexOf(entry);
    return outline.entries.slice(0, index).map((other, position) => (taken.has(other) ? position : -1)).filter((position) => position >= 0).pop() ?? -1;
  };
  const gaps = new Map<number, { scenes: SceneFile[]; entries: OutlineEntry[] }>();
  for (const scene of free()) (gaps.get(gapOfScene(scene)) ?? gaps.set(gapOfScene(scene), { scenes: [], entries: [] }).get(gapOfScene(scene))!).scenes.push(scene);
  for (const entry of open()) (gaps.get(gapOfEntry(entry)) ?? gaps.set(gapOfEntry(entry), { scenes: [], entries: [] }).get(gapOfEntry(entry))!).entries.push(entry);
  // Two real titles that share no word name different chapters: order does not pair them.
  const titled = (scene: SceneFile): Set<string> => new Set([scene.title?.value ?? '', scene.slug.replace(/[-_]+/g, ' ')].flatMap((title) => [...titleWords(title)]).filter((word) => parseNumberWord(word) === null && !/^(?:ch|sc|scn)\d*$/.test(word)));
  const differ = (scene: SceneFile, entry: OutlineEntry): boolean => {
    const entryWords = titleWords(entry.title);
    const sceneWords = titled(scene);
    return entryWords.size > 0 && sceneWords.size > 0 && similarity(sceneWords, entryWords) === 0;
  };
  for (const scene of spanned) for (const gap of gaps.values()) gap.scenes = gap.scenes.filter((other) => other !== scene);
  for (const gap of gaps.values()) {
    if (gap.scenes.length !== gap.entries.length || gap.scenes.some((scene, index) => differ(scene, gap.entries[index]!))) continue;
    gap.scenes.forEach((scene, index) => pair(scene, gap.entries[index]!, 'order'));
  }
  return { entryOf, how, unwritten: open(), unplanned: free().filter((scene) => !spanned.has(scene)) };
}

/** The first non-empty line of a chapter's prose (after its front matter), or 1. */
function firstTextLine(scene: SceneFile): number {
  for (let line = Math.max(1, scene.bodyStart); line <= scene.source.lines.length; line += 1) {
    if ((scene.source.lines[line - 1] ?? '').trim() !== '') return line;
  }
  return 1;
}

/**
 * What an entry headed by its number alone (`## Chapter 11`) says, for its finding to quote: the
 * heading and its first line (`## Chapter 11 — - Saturday 28 February: the first firing`); '' (the
 * heading's own line) for any other entry.
 */
function untitledEntryQuote(outline: Outline, entry: OutlineEntry): string {
  const first = [...entry.beats, ...Object.values(entry.fields)].filter((item) => item !== undefined && item.line > entry.line).sort((a, b) => a!.line - b!.line)[0];
  if (entry.style !== 'heading' || entry.title.trim() !== '' || first === undefined) return '';
  const text = (line: number): string => (outline.source.lines[line - 1] ?? '').trim();
  return `${text(entry.line)} — ${text(first!.line)}`;
}

function describeEntry(entry: OutlineEntry): string {
  const label = entry.number === null ? '' : entry.through === null ? `${entry.number}` : `${entry.number}–${entry.through}`;
  return [label, entry.title].filter(Boolean).join(' ') || 'an entry';
}

/**
 * Outline entries no chapter is written from, and chapters no outline entry plans. Only entries
 * that name themselves a chapter (a number, a heading, a table row) must have one: a beat bullet
 * under an act may span several chapters. An entry whose `File:` names a missing file is the
 * outline analyzer's `scene_file_missing` already.
 */
export function outlineCoverageFindings(coverage: OutlineCoverage, outline: Outline, files: readonly string[]): Finding[] {
  const explicit = outline.entries.filter((entry) => entry.explicit).length;
  if (outline.entries.length < 2 || explicit === 0) return [];
  const findings: Finding[] = [];
  for (const entry of coverage.unwritten) {
    if (!entry.explicit) continue;
    if (entry.fields.file && resolveSceneReference(entry.fields.file.value, files) === null) continue;
    findings.push({
      kind: 'outline_entry_without_chapter',
      severity: 'error',
      message: `The outline plans "${describeEntry(entry)}", but no chapter is written from it (none has its title, number or place in order).`,
      path: outline.path,
      line: entry.line,
      quote: untitledEntryQuote(outline, entry),
    });
  }
  for (const scene of coverage.unplanned) {
    // A chapter with no heading is pointed at by its first line of prose.
    const line = scene.title && scene.title.line > 0 ? scene.title.line : firstTextLine(scene);
    findings.push({
      kind: 'chapter_without_outline_entry',
      severity: explicit === outline.entries.length ? 'error' : 'warning',
      message: `${scene.path} has no entry in the outline (${outline.path}): no entry has its title or number.`,
      path: scene.path,
      line,
      quote: '',
      canon: { path: outline.path, line: 1, value: outline.path },
    });
  }
  return findings;
}
