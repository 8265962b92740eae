import { clusterEnd, foldTextAsRuns, isWordCode } from './fold-text.js';
import type { OriginRuns } from './origin-runs.js';

/**
 * One file prepared for quote search: its text as the Workspace port returns it, the folded text
 * with its map back, and where each line starts. Built once per file version by `QuoteIndex`.
 */
export interface IndexedFile {
  path: string;
  /** Changes whenever the file does (size and modification time, from `Workspace.stat`). */
  version: string;
  /** sha256 of the file's bytes, as `Workspace.read` reported it. */
  sha256: string;
  original: string;
  /** The folded text, and where each of its characters came from in `original` (kept as runs). */
  folded: { text: string; origin: OriginRuns };
  /** Offset in `original` where each line starts; line n (1-based) starts at `lineStarts[n-1]`. */
  lineStarts: Uint32Array;
  /** True for `Canon.md` before the canon is built: text that is not manuscript and proves nothing. */
  placeholder?: true;
}

/** A match in original offsets, end exclusive, with 1-based lines. */
export interface FileMatch {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
}

/** Prepares `original` (the text of `path`) for searching. */
export function indexFile(path: string, original: string, version: string, sha256: string, placeholder = false): IndexedFile {
  const starts = [0];
  for (let index = original.indexOf('\n'); index >= 0; index = original.indexOf('\n', index + 1)) starts.push(index + 1);
  if (original.length > 0 && starts[starts.length - 1] === original.length) starts.pop();
  const lineStarts = Uint32Array.from(original.length === 0 ? [] : starts);
  return { path, version, sha256, original, folded: foldTextAsRuns(original), lineStarts, ...(placeholder ? { placeholder: true as const } : {}) };
}

/** Number of lines in the file. */
export function lineCount(file: IndexedFile): number {
  return file.lineStarts.length;
}

/** The 1-based line holding original offset `offset`. */
export function lineAt(file: IndexedFile, offset: number): number {
  let low = 0;
  let high = file.lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((file.lineStarts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** First folded index whose source starts at or after original offset `offset`. */
function foldedIndexAt(file: IndexedFile, offset: number): number {
  const origin = file.folded.origin;
  let low = 0;
  let high = file.folded.text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((origin.at(middle) ?? 0) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The folded span covering lines `start`..`end` (1-based, inclusive; clamped to the file). */
export function foldedLineSpan(file: IndexedFile, start: number, end: number): { from: number; to: number } {
  const lines = lineCount(file);
  const first = Math.max(1, Math.min(start, lines));
  const last = Math.max(first, Math.min(end, lines));
  const originalFrom = file.lineStarts[first - 1] ?? 0;
  const originalTo = last < lines ? (file.lineStarts[last] ?? file.original.length) : file.original.length;
  return { from: foldedIndexAt(file, originalFrom), to: foldedIndexAt(file, originalTo) };
}

/** True when `fragment` sits at folded `at` with word boundaries where its own edges are word characters. */
export function matchesAt(text: string, fragment: string, at: number): boolean {
  if (at < 0 || !text.startsWith(fragment, at)) return false;
  if (isWordCode(fragment.charCodeAt(0)) && at > 0 && isWordCode(text.charCodeAt(at - 1))) return false;
  const after = at + fragment.length;
  return !(isWordCode(fragment.charCodeAt(fragment.length - 1)) && after < text.length && isWordCode(text.charCodeAt(after)));
}

function firstMatch(text: string, fragment: string, from: number, to: number): number {
  for (let at = text.indexOf(fragment, from); at >= 0 && at + fragment.length <= to; at = text.indexOf(fragment, at + 1)) {
    if (matchesAt(text, fragment, at)) return at;
  }
  return -1;
}

function lastMatch(text: string, fragment: string, from: number, before: number): number {
  for (let at = text.lastIndexOf(fragment, before - fragment.length); at >= from; at = text.lastIndexOf(fragment, at - 1)) {
    if (at + fragment.length <= before && matchesAt(text, fragment, at)) return at;
    if (at === 0) break;
  }
  return -1;
}

/**
 * Finds folded `fragments` in order inside folded [`from`, `to`): the earliest place the whole
 * sequence ends, tightened so the span starts as late as possible. Returns folded offsets.
 */
export function locateFolded(text: string, fragments: readonly string[], from = 0, to = text.length): { start: number; end: number } | null {
  if (fragments.length === 0) return null;
  let cursor = from;
  for (const fragment of fragments) {
    const at = firstMatch(text, fragment, cursor, to);
    if (at < 0) return null;
    cursor = at + fragment.length;
  }
  // Walk back from the last fragment, taking the latest earlier occurrence of each: the tightest span.
  let start = cursor - (fragments[fragments.length - 1]?.length ?? 0);
  for (let index = fragments.length - 2; index >= 0; index -= 1) {
    const fragment = fragments[index] ?? '';
    const at = lastMatch(text, fragment, from, start);
    if (at < 0) break;
    start = at;
  }
  return { start, end: cursor };
}

/** Maps a folded span back to the file: original offsets (exact characters) and lines. */
export function toFileMatch(file: IndexedFile, span: { start: number; end: number }): FileMatch {
  const start = file.folded.origin.at(span.start) ?? 0;
  const lastSource = file.folded.origin.at(span.end - 1) ?? start;
  const end = clusterEnd(file.original, lastSource);
  return { start, end, startLine: lineAt(file, start), endLine: lineAt(file, Math.max(start, end - 1)) };
}

/** Finds the fragments in the file (optionally only within lines `range`), in original offsets. */
export function locateInFile(file: IndexedFile, fragments: readonly string[], range?: { start: number; end: number }): FileMatch | null {
  const bounds = range ? foldedLineSpan(file, range.start, range.end) : { from: 0, to: file.folded.text.length };
  const span = locateFolded(file.folded.text, fragments, bounds.from, bounds.to);
  return span ? toFileMatch(file, span) : null;
}
