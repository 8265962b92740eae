import type { ToolReceipt } from '../../protocol/index.js';
import type { StoredReceiptLine } from '../ports/index.js';
import { checkReceiptLine } from './check-receipt-line.js';
import type { ReceiptVerifyKeys } from './receipt-keys.js';

/** A stored receipt and whether its signature (and, in a session log, its place in the chain) holds. */
export type VerifiedReceipt = ToolReceipt & { verified: boolean };

/**
 * Receipts of stored lines, each marked verified or not. Lines that are not receipts at all are
 * left out (the audit verify report names them). In a session log (`chained`) a receipt is
 * verified only when its `prev_hash` also matches the line before it, so a planted, deleted or
 * reordered line never counts.
 */
export function markVerified(lines: readonly StoredReceiptLine[], keys: ReceiptVerifyKeys, chained: boolean): VerifiedReceipt[] {
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
