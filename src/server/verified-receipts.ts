import type { StoredReceiptLine } from '../core/ports/index.js';
import { markVerified, type VerifiedReceipt } from '../core/receipts/index.js';
import { readReceiptKeys } from '../adapters/jsonl-audit-log/index.js';

export type { VerifiedReceipt } from '../core/receipts/index.js';

/** A session's receipts in log order, each with `verified` (signature and place in the chain). */
export async function verifiedSessionReceipts(root: string, lines: readonly StoredReceiptLine[]): Promise<VerifiedReceipt[]> {
  return markVerified(lines, (await readReceiptKeys(root)).keys, true);
}

/** An issue's linked receipt copies, each with `verified` (its signature holds). */
export async function verifiedIssueReceipts(root: string, lines: readonly StoredReceiptLine[]): Promise<VerifiedReceipt[]> {
  return markVerified(lines, (await readReceiptKeys(root)).keys, false);
}
