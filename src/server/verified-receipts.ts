import type { StoredReceiptLine } from '../core/ports/index.js';
import { checkReceiptLine, type ReceiptVerifyKeys } from '../core/receipts/index.js';
import { readReceiptKeys } from '../adapters/jsonl-audit-log/index.js';
import type { ToolReceipt } from '../protocol/index.js';

/** A stored receipt and whether its signature (and, in a session log, its place in the chain) holds. */
export type VerifiedReceipt = ToolReceipt & { verified: boolean };

/**
 * Receipts of stored lines, each marked verified or not. Lines that are not receipts at all are
 * left out (the audit verify report names them). In a session log a receipt is verified only when
 * its `prev_hash` also matches the line before it, so the place of a deleted or reordered line shows.
 */
function markLines(lines: readonly StoredReceiptLine[], keys: ReceiptVerifyKeys, chained: boolean): VerifiedReceipt[] {
  const marked: VerifiedReceipt[] = [];
  let previousHash: string | null = null;
  for (const stored of lines) {
    const checked = checkReceiptLine(stored.raw, keys);
    if (checked.ok) {
      marked.push({ ...checked.receipt, verified: !chained || checked.receipt.prev_hash === previousHash });
      previousHash = checked.hash;
      continue;
    }
    previousHash = null;
    try {
      const parsed = JSON.parse(stored.raw) as ToolReceipt;
      if (parsed && typeof parsed === 'object' && typeof parsed.receipt_id === 'string') marked.push({ ...parsed, verified: false });
    } catch {
      // Not JSON: nothing to show for this line.
    }
  }
  return marked;
}

async function verifyKeys(root: string): Promise<ReceiptVerifyKeys> {
  return (await readReceiptKeys(root)).keys;
}

/** A session's receipts in log order, each with `verified`. */
export async function verifiedSessionReceipts(root: string, lines: readonly StoredReceiptLine[]): Promise<VerifiedReceipt[]> {
  return markLines(lines, await verifyKeys(root), true);
}

/** An issue's linked receipt copies, each with `verified` (its signature holds). */
export async function verifiedIssueReceipts(root: string, lines: readonly StoredReceiptLine[]): Promise<VerifiedReceipt[]> {
  return markLines(lines, await verifyKeys(root), false);
}
