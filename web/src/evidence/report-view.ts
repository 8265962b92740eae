/**
 * What the web app shows of an evidence report. The report is the validator's own (sent with each
 * chat and conference result): the app never parses the evidence line or looks for quotes itself,
 * so what it highlights is exactly what was verified.
 */
import type { EvidenceReport } from '../api/index.js';

/** Where a citation opens the reader: a file and the lines to highlight. */
export interface CitationTarget {
  path: string;
  range: { start: number; end: number } | null;
}

/** The reply without its evidence line (`report.line`, shown as a chip instead). */
export function replyBody(content: string, line: string | null | undefined): string {
  if (!line) return content.trim();
  const at = content.lastIndexOf(line);
  const body = at < 0 ? content : `${content.slice(0, at)}${content.slice(at + line.length)}`;
  return body.replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * The place a verified citation opens: the first located quote, else the first cited line range
 * or source file. Null when the report cites nothing.
 */
export function citationTarget(report: EvidenceReport): CitationTarget | null {
  const located = report.locations[0];
  if (located) return { path: located.path, range: { start: located.startLine, end: located.endLine } };
  const ranged = report.sources.find((source) => source.lines);
  if (ranged?.lines) return { path: ranged.path, range: { ...ranged.lines } };
  const first = report.sources[0];
  return first ? { path: first.path, range: null } : null;
}
