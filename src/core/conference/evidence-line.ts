const EVIDENCE_LINE = /^\s*(?:\*\*Evidence:\*\*|__Evidence:__|Evidence:).*$/im;

/** The reply's evidence line as written (first one), or null when it has none. */
export function findEvidenceLine(reply: string): string | null {
  return EVIDENCE_LINE.exec(reply)?.[0].trim() ?? null;
}
