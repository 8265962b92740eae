/**
 * Turns a parsed evidence line into the place the reader should open: a file and the lines to
 * highlight. A cited `#L` range wins; otherwise the first quote is looked up in each cited file.
 */
import type { CitedEvidence } from './parse-evidence.js';
import { locateQuote } from './locate-quote.js';

export interface CitationTarget {
  path: string;
  range: { start: number; end: number } | null;
}

const DETAIL_RANGE = /\bL(\d+)(?:\s*[-–]\s*L?(\d+))?\b/;

function headingLine(text: string, section: string): number | null {
  const wanted = section.trim().toLowerCase();
  const lines = text.split('\n');
  const index = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s*/, '').trim().toLowerCase().includes(wanted));
  return index === -1 ? null : index + 1;
}

/** Where a citation points; `readFile` returns a file's whole text (or null when it cannot be read). */
export async function resolveCitation(evidence: CitedEvidence, readFile: (path: string) => Promise<string | null>): Promise<CitationTarget | null> {
  const ranged = evidence.sources.find((source) => source.lines);
  if (ranged?.lines) return { path: ranged.path, range: ranged.lines };
  for (const quote of evidence.quotes) {
    for (const source of evidence.sources) {
      const text = await readFile(source.path);
      const span = text === null ? null : locateQuote(text, quote);
      if (span) return { path: source.path, range: { start: span.startLine, end: span.endLine } };
    }
  }
  const first = evidence.sources[0];
  if (!first) return null;
  const detailRange = evidence.type === 'structural' ? DETAIL_RANGE.exec(evidence.detail) : null;
  if (detailRange) {
    const start = Number(detailRange[1]);
    return { path: first.path, range: { start, end: detailRange[2] ? Number(detailRange[2]) : start } };
  }
  if (first.section) {
    const text = await readFile(first.path);
    const line = text === null ? null : headingLine(text, first.section);
    if (line) return { path: first.path, range: { start: line, end: line } };
  }
  return { path: first.path, range: null };
}
