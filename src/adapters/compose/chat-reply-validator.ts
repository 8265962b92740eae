import type { EvidenceValidator } from '../../core/conference/index.js';
import { validateEvidence } from '../../core/evidence/index.js';
import type { ReplyValidator } from '../../core/loop/index.js';
import type { AuditLog, Workspace } from '../../core/ports/index.js';
import type { FileRef } from '../../protocol/index.js';

/** The receipts a reply may cite: a session's receipts that verify, with what each one read. */
export async function citableReceipts(
  auditLog: AuditLog,
  sessionIds: readonly string[],
): Promise<{ knownReceiptIds: Set<string>; receiptFiles: Map<string, readonly FileRef[]> }> {
  const receiptFiles = new Map<string, readonly FileRef[]>();
  for (const sessionId of sessionIds) {
    for (const receipt of await auditLog.verifiedList(sessionId)) receiptFiles.set(receipt.receipt_id, receipt.file_refs);
  }
  return { knownReceiptIds: new Set(receiptFiles.keys()), receiptFiles };
}

/**
 * Adapts an evidence validator to the 1:1 chat turn's `validateReply`: the receipts a reply may
 * cite are the session's receipts that verify (the turn's own are among them, appended before the
 * answer); a line planted in the log, unsigned or forged, never counts.
 */
export function chatReplyValidator(stores: { workspace: Workspace; auditLog: AuditLog }, validate: EvidenceValidator = validateEvidence): ReplyValidator {
  return async (reply, context) => {
    const citable = await citableReceipts(stores.auditLog, [context.sessionId]);
    const agent = { id: context.agent.id, evidenceSources: context.agent.evidenceSources };
    return validate(reply, { workspace: stores.workspace, ...citable, agent });
  };
}
