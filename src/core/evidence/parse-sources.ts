import type { EvidenceIssue, EvidenceSource, TextSpan } from '../../protocol/index.js';
import { splitOutsideQuotes, trimPiece, type Piece } from './quoted-text.js';

/** A cited source with its place in the reply. */
export interface ParsedSource extends EvidenceSource {
  /** The source as written, e.g. `Story/Scenes/SCN-04-the-logbook.md#L12-L20`. */
  raw: string;
  span: TextSpan;
}

// Up to 12 digits: `#L99999999` is a line past the end, not a section named "L99999999".
const LINE_ANCHOR = /^L(\d{1,12})(?:\s*[-–—:]\s*L?(\d{1,12}))?$/i;
/** Forms models write instead of `#L…`: `path:12-20`, `path (L12-L20)`, `path (lines 12–20)`. */
const LOOSE_LINES = /^(.+?\.md)\s*(?::|\(|\s)\s*(?:lines?\s+)?L?(\d{1,7})(?:\s*[-–—]\s*L?(\d{1,7}))?\)?$/i;
const WRAPPING = /^[`'"“”‘’[(<*]+|[`'"“”‘’\])>*.]+$/g;
const MARKDOWN_LINK = /^\[[^\]]*\]\(([^)]+)\)$/;

function looksLikePath(text: string): boolean {
  const path = text.split('#')[0] ?? '';
  return path.includes('/') || /\.md\b/i.test(path) || /^\W*Canon\b/i.test(path);
}

/** Pieces separated by `,` or `;` (or " and " between two paths); a comma inside a `#section` title stays. */
function sourcePieces(piece: Piece): Piece[] {
  const merged: Piece[] = [];
  for (const part of splitOutsideQuotes(piece.text, ',;', piece.start).map(trimPiece)) {
    if (part.text === '') continue;
    const previous = merged[merged.length - 1];
    if (previous && previous.text.includes('#') && !looksLikePath(part.text)) {
      merged[merged.length - 1] = { text: piece.text.slice(previous.start - piece.start, part.end - piece.start), start: previous.start, end: part.end };
      continue;
    }
    const halves = part.text.split(/(\s+(?:and|&)\s+)/);
    if (halves.length > 1 && halves.every((half, index) => index % 2 === 1 || looksLikePath(half))) {
      let at = part.start;
      halves.forEach((half, index) => {
        if (index % 2 === 0) merged.push({ text: half, start: at, end: at + half.length });
        at += half.length;
      });
      continue;
    }
    merged.push(part);
  }
  return merged;
}

/** Parses one source: the VFS path, then `#L12`, `#L12-L20` or `#<section title>`. */
function parseSource(piece: Piece, issues: EvidenceIssue[]): ParsedSource | null {
  const link = MARKDOWN_LINK.exec(piece.text.trim())?.[1];
  const text = (link ?? piece.text).replace(WRAPPING, '').trim();
  const span = { start: piece.start, end: piece.end };
  const hash = text.indexOf('#');
  let path = (hash < 0 ? text : text.slice(0, hash)).trim();
  const anchor = hash < 0 ? '' : text.slice(hash + 1).trim();
  let lines: { start: number; end: number } | undefined;
  let section: string | undefined;
  const loose = hash < 0 ? LOOSE_LINES.exec(text) : null;
  if (loose) {
    path = loose[1] ?? path;
    lines = { start: Number(loose[2]), end: Number(loose[3] ?? loose[2]) };
  } else if (anchor !== '') {
    const range = LINE_ANCHOR.exec(anchor);
    if (range) lines = { start: Number(range[1]), end: Number(range[2] ?? range[1]) };
    else section = anchor;
  }
  if (path === '') {
    issues.push({ code: 'evidence_invalid', message: `"${piece.text}" names no file; cite a VFS path such as Story/Scenes/SCN-01-….md.`, span });
    return null;
  }
  if (lines && (lines.start < 1 || lines.end < lines.start)) {
    issues.push({ code: 'evidence_invalid', message: `The line range of "${piece.text}" is backwards or starts at 0; write #L<first>-L<last>, lines counted from 1.`, span });
    lines = undefined;
  }
  return { path, raw: piece.text, span, ...(lines ? { lines } : {}), ...(section !== undefined ? { section } : {}) };
}

/** Parses the sources part of an evidence line; problems go to `issues`. */
export function parseSources(piece: Piece, issues: EvidenceIssue[]): ParsedSource[] {
  const sources: ParsedSource[] = [];
  for (const part of sourcePieces(piece)) {
    const source = parseSource(part, issues);
    if (source) sources.push(source);
  }
  return sources;
}
