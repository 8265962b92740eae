import type { EvidenceValidator } from '../../core/conference/index.js';
import { validateEvidence } from '../../core/evidence/index.js';
import type { ReplyValidator } from '../../core/loop/index.js';
import type { AuditLog, Workspace } from '../../core/ports/index.js';

/**
 * Adapts an evidence validator to the 1:1 chat turn's `validateReply`: the receipts a reply may
 * cite are the session's stored receipts plus the turn's own.
 */
export function chatReplyValidator(stores: { workspace: Workspace; auditLog: AuditLog }, validate: EvidenceValidator = validateEvidence): ReplyValidator {
  return async (reply, context) => {
    const stored = await stores.auditLog.list(context.sessionId);
    const knownReceiptIds = new Set([...stored.map((receipt) => receipt.receipt_id), ...context.receiptIds]);
    const report = await validate(reply, { workspace: stores.workspace, knownReceiptIds, agent: { id: context.agent.id, evidenceSources: context.agent.evidenceSources } });
    return { ok: report.ok, issues: report.issues };
  };
}
