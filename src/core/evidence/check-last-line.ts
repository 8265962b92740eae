import type { EvidenceIssue } from '../../protocol/index.js';
import type { EvidenceLineSpan } from './find-evidence-lines.js';

/**
 * The evidence line closes the reply (SPEC §15): a claim written after it would go out unchecked
 * under a "verified" badge. Only whitespace may follow the last evidence line, and an evidence
 * line in the middle of a reply is refused the same way.
 */
export function checkLastLine(text: string, lines: readonly EvidenceLineSpan[], issues: EvidenceIssue[]): void {
  const last = lines[lines.length - 1];
  if (!last) return;
  const after = text.slice(last.span.end);
  const trailing = after.trim();
  if (trailing === '') return;
  const start = last.span.end + (after.length - after.trimStart().length);
  const shown = trailing.length > 60 ? `${trailing.slice(0, 57)}…` : trailing;
  issues.push({
    code: 'evidence_invalid',
    message: `The evidence line must be the last line of the reply, but "${shown}" follows it; move every claim above the evidence line.`,
    span: { start, end: text.length },
  });
}
