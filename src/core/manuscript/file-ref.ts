import type { FileRef } from '../../protocol/index.js';
import { sha256Hex } from '../receipts/receipt-payload.js';

// One hash for every receipt reference: the receipts' own helper, re-exported for manuscript callers.
export { sha256Hex };

/** A file read once through the Workspace port, kept as its lines (1-based line n is `lines[n-1]`). */
export interface SourceText {
  path: string;
  lines: string[];
}

/**
 * The receipt reference of lines `start`..`end` of a source: the lines joined with `\n`, exactly as
 * `Workspace.read(path, {start, end})` returns them, so anyone can re-read and compare the hash.
 */
export function fileRefFor(source: SourceText, start: number, end: number = start): FileRef {
  const first = Math.max(1, Math.min(start, source.lines.length));
  const last = Math.max(first, Math.min(end, source.lines.length));
  if (source.lines.length === 0) return { path: source.path, start_line: 0, end_line: 0, sha256: sha256Hex('') };
  const excerpt = source.lines.slice(first - 1, last).join('\n');
  return { path: source.path, start_line: first, end_line: last, sha256: sha256Hex(excerpt) };
}

/** Collects file refs for a tool run, dropping exact duplicates and keeping first-seen order. */
export class FileRefCollector {
  private readonly seen = new Map<string, FileRef>();

  /** Records lines `start`..`end` of `source`. */
  add(source: SourceText, start: number, end: number = start): void {
    const ref = fileRefFor(source, start, end);
    const key = `${ref.path}#${ref.start_line}-${ref.end_line}`;
    if (!this.seen.has(key)) this.seen.set(key, ref);
  }

  /** The refs collected so far, sorted by path then line so receipts are stable. */
  refs(): FileRef[] {
    return [...this.seen.values()].sort((a, b) => a.path.localeCompare(b.path) || a.start_line - b.start_line || a.end_line - b.end_line);
  }
}
