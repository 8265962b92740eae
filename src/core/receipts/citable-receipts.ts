import type { FileRef } from '../../protocol/index.js';
import type { AuditLog } from '../ports/index.js';

/** The receipts a reply may cite, and what each one read. */
export interface CitableReceipts {
  knownReceiptIds: Set<string>;
  receiptFiles: Map<string, readonly FileRef[]>;
}

/**
 * The receipts a reply may cite: the sessions' receipts that verify (signature and place in the
 * chain), with the file excerpts each one read. A line planted in a log never counts.
 */
export async function citableReceipts(auditLog: AuditLog, sessionIds: readonly string[]): Promise<CitableReceipts> {
  const receiptFiles = new Map<string, readonly FileRef[]>();
  for (const sessionId of sessionIds) {
    for (const receipt of await auditLog.verifiedList(sessionId)) receiptFiles.set(receipt.receipt_id, receipt.file_refs);
  }
  return { knownReceiptIds: new Set(receiptFiles.keys()), receiptFiles };
}
