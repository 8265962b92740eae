export type { Workspace } from './workspace.js';
export type { Clock } from './clock.js';
export type { Ids } from './ids.js';
export type { AuditLog, StoredReceiptLine } from './audit-log.js';
export type { IssueStore } from './issue-store.js';
export type { Model } from './model.js';
export type { TraceStore, BeginRoundInput, AppendEventInput, FinishRoundInput } from './trace-store.js';
export type { SecretHit, SecretScanner, SecretVault } from './secrets.js';
