import { promises as fs } from 'node:fs';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import type { StoredReceiptLine } from '../../core/ports/index.js';
import { writeFileAtomic, writeJsonAtomic } from '../fs-store/index.js';
import { parseReceiptLine } from './read-receipt-lines.js';

export const ISSUE_LINKS_SCHEMA_VERSION = 1;

/** `links.json`: which sessions' receipts an issue's audit folder holds. */
const IssueLinksSchema = z.strictObject({
  schema_version: z.literal(ISSUE_LINKS_SCHEMA_VERSION),
  issue_id: z.string(),
  sessions: z.array(z.strictObject({ session_id: z.string(), receipt_ids: z.array(z.string()) })),
});
type IssueLinks = z.infer<typeof IssueLinksSchema>;

async function readLinks(linksPath: string, issueId: string): Promise<IssueLinks> {
  const empty: IssueLinks = { schema_version: ISSUE_LINKS_SCHEMA_VERSION, issue_id: issueId, sessions: [] };
  const text = await fs.readFile(linksPath, 'utf8').catch(() => null);
  if (text === null) return empty;
  try {
    const parsed = IssueLinksSchema.safeParse(JSON.parse(text));
    // links.json is an index that can be rebuilt from the copies, so a damaged one is replaced.
    return parsed.success ? parsed.data : empty;
  } catch {
    return empty;
  }
}

export interface LinkPlan {
  issueId: string;
  sessionId: string;
  sessionLines: readonly StoredReceiptLine[];
  issueLines: readonly StoredReceiptLine[];
  receiptIds?: readonly string[];
  receiptsPath: string;
  linksPath: string;
}

/**
 * Copies the chosen receipts of a session, verbatim, into an issue's `receipts.jsonl` (rewritten
 * atomically) and records the session in `links.json`. Receipts already there are skipped, so
 * linking again adds nothing. Returns how many were newly copied.
 */
export async function linkReceiptsToIssue(plan: LinkPlan): Promise<number> {
  const sessionReceipts = plan.sessionLines.flatMap((stored) => {
    const receipt = parseReceiptLine(stored.raw);
    return receipt ? [{ id: receipt.receipt_id, raw: stored.raw }] : [];
  });
  const wanted = plan.receiptIds ? new Set(plan.receiptIds) : null;
  if (wanted) {
    const present = new Set(sessionReceipts.map((receipt) => receipt.id));
    const missing = [...wanted].filter((id) => !present.has(id));
    if (missing.length > 0) {
      throw new ControlRoomError('receipt_not_found', `Receipt ${missing.join(', ')} is not in the log of session ${plan.sessionId}; link only receipts of that session.`);
    }
  }
  const chosen = wanted ? sessionReceipts.filter((receipt) => wanted.has(receipt.id)) : sessionReceipts;
  const already = new Set(plan.issueLines.map((stored) => parseReceiptLine(stored.raw)?.receipt_id).filter((id) => id !== undefined));
  const fresh = chosen.filter((receipt) => !already.has(receipt.id));
  if (fresh.length > 0) {
    const kept = plan.issueLines.map((stored) => `${stored.raw}\n`).join('');
    await writeFileAtomic(plan.receiptsPath, kept + fresh.map((receipt) => `${receipt.raw}\n`).join(''));
  }
  const links = await readLinks(plan.linksPath, plan.issueId);
  let entry = links.sessions.find((session) => session.session_id === plan.sessionId);
  const newEntry = entry === undefined;
  if (!entry) {
    entry = { session_id: plan.sessionId, receipt_ids: [] };
    links.sessions.push(entry);
  }
  const linkedIds = new Set(entry.receipt_ids);
  const newIds = chosen.map((receipt) => receipt.id).filter((id) => !linkedIds.has(id));
  if (newEntry || newIds.length > 0) {
    entry.receipt_ids.push(...newIds);
    await writeJsonAtomic(plan.linksPath, links);
  }
  return fresh.length;
}
