import type { EvidenceValidator } from '../../core/conference/index.js';
import { validateEvidence } from '../../core/evidence/index.js';
import type { ReplyValidator } from '../../core/loop/index.js';
import type { AuditLog, Workspace } from '../../core/ports/index.js';
import { citableReceipts } from '../../core/receipts/index.js';

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
