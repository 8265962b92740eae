import type { Issue } from '../../protocol/index.js';
import type { IntentionalFinding } from '../../protocol/intentional.js';
import { sha256Hex } from '../manuscript/index.js';

/** Where the intentional marks are kept (the file-system adapter is `JsonIntentionalFindings`). */
export interface IntentionalFindings {
  /** The keys of every finding marked intentional. */
  keys(): Promise<ReadonlySet<string>>;
  /** Records a mark (marking the same key again keeps the first). */
  mark(finding: Omit<IntentionalFinding, 'key' | 'marked_at'>): Promise<IntentionalFinding>;
}

/** A finding's identity for "intentional": its kind, file and line text, never its line number. */
export function intentionalKey(finding: { kind: string; path: string; quote: string }): string {
  // An issue keeps the first line of the quote, so the key does too.
  const line = finding.quote.split('\n', 1)[0] ?? '';
  return sha256Hex([finding.kind, finding.path, line.replace(/\s+/g, ' ').trim()].join('\u0000'));
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
