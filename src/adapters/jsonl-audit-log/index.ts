export { JsonlAuditLog } from './jsonl-audit-log.js';
export type { JsonlAuditLogOptions } from './jsonl-audit-log.js';
export {
  AUDIT_FOLDER_ID,
  AUDIT_MANIFEST_FILE,
  requireAuditId,
  sessionLogRelative,
  sessionHeadRelative,
  issueFileRelative,
} from './audit-paths.js';
export {
  loadReceiptKeys,
  readReceiptKeys,
  readEd25519PublicKey,
  HMAC_SECRET_FILE,
  ED25519_PRIVATE_FILE,
  ED25519_PUBLIC_FILE,
} from './receipt-key-files.js';
export type { LoadedReceiptKeys, WorkspaceSigningKeys } from './receipt-key-files.js';
export { auditKeyInfo, readAuditKeyInfo } from './audit-key-info.js';
export { startAuditSeal } from './start-audit-seal.js';
export type { StartedAuditSeal } from './start-audit-seal.js';
export { resolveAuditPin, fingerprintPin } from './resolve-audit-pin.js';
export type { AuditPin } from './resolve-audit-pin.js';
export { ISSUE_LINKS_SCHEMA_VERSION } from './link-receipts-to-issue.js';
export { verifyWorkspaceAudit, listWorkspaceReceipts } from './verify-workspace-audit.js';
export type { VerifyWorkspaceAuditOptions, WorkspaceAuditResult } from './verify-workspace-audit.js';
export { repairTornLine, describeTornLineRepair, QUARANTINE_DIR, TORN_LINE_SCHEMA_VERSION } from './repair-torn-line.js';
export type { TornLineRepair } from './repair-torn-line.js';
export type { RepairSessionLogsOptions } from './repair-session-logs.js';
