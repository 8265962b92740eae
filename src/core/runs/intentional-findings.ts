import type { Issue } from '../../protocol/index.js';
import type { IntentionalFinding } from '../../protocol/intentional.js';
import { sha256Hex } from '../manuscript/index.js';

/** Where the intentional marks are kept (the file-system adapter is `JsonIntentionalFindings`). */
export interface IntentionalFindings {
  list(): Promise<readonly IntentionalFinding[]>;
  /** Records a mark (marking the same finding again keeps the first). */
  mark(finding: { kind: string; path: string; quote: string; note: string | null }): Promise<IntentionalFinding>;
}

/** The hash a mark keeps of a line: of its trimmed text (an issue keeps the quote's first line). */
export function lineHash(text: string): string {
  return sha256Hex((text.split('\n', 1)[0] ?? '').trim());
}

/** A mark's id: kind, file and the line hashes, so the same finding always gets the same id. */
export function intentionalId(kind: string, path: string, hash: string, canonHash: string | null): string {
  return `int_${sha256Hex([kind, path, hash, canonHash ?? ''].join('\u0000')).slice(0, 16)}`;
}

/** True when a finding is one the writer marked: same kind, same file, same line text (and same canon line when both name one). */
export function isMarkedIntentional(finding: { kind: string; path: string; quote: string; canon?: { path: string; quote?: string } }, marks: readonly IntentionalFinding[]): boolean {
  const hash = lineHash(finding.quote);
  return marks.some(
    (mark) =>
      mark.kind === finding.kind &&
      mark.path === finding.path &&
      mark.line_hash === hash &&
      (mark.canon_line_hash === null || finding.canon?.quote === undefined || (mark.canon_path === finding.canon.path && mark.canon_line_hash === lineHash(finding.canon.quote))),
  );
}

const WHERE = /^Where: (.+)#L(\d+)$/m;
const QUOTE = /^Quote: (.*)$/m;

/**
 * The finding a continuity issue was filed for, read back from the body `fileFindingIssues`
 * writes (`Where: path#Lline`, `Quote: …`) and its last tag (the finding's kind); null for other issues.
 */
export function findingOfIssue(issue: Pick<Issue, 'body' | 'tags'>): { kind: string; path: string; line: number; quote: string } | null {
  const where = WHERE.exec(issue.body);
  const quote = QUOTE.exec(issue.body);
  const kind = [...issue.tags].reverse().find((tag) => /^[a-z][a-z0-9_]*$/.test(tag) && tag !== 'continuity' && tag !== 'intentional');
  if (!where || !quote || !kind) return null;
  return { kind, path: where[1]!, line: Number(where[2]), quote: quote[1]! };
}
