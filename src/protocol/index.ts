export { ERROR_CODES, isErrorCode } from './errors.js';
export type { ErrorCode } from './errors.js';
export { ControlRoomError, isControlRoomError, VFS_ERROR_CODES, WORKSPACE_ERROR_CODES, REQUEST_GUARD_ERROR_CODES, TRACE_EXPORT_ERROR_CODES } from './errors.js';
export type { Fault, VfsErrorCode, WorkspaceErrorCode, RequestGuardErrorCode, TraceExportErrorCode } from './errors.js';
export { APP_REQUEST_HEADER, APP_REQUEST_HEADER_VALUE } from './app-request.js';
export {
  VFS_ROOTS,
  CANON_VFS_PATH,
  CANON_INDEX_STORAGE_PATH,
  VfsRoleSchema,
  LineRangeSchema,
  MAX_VFS_READ_BYTES,
} from './vfs.js';
export type { VfsRole, VfsFileNode, VfsFolderNode, VfsNode, VfsTree, LineRange, VfsFileContent, VfsStat } from './vfs.js';
export {
  AGENTS_SCHEMA_VERSION,
  AGENT_ENDPOINTS_SCHEMA_VERSION,
  CHIEF_AGENT_ID,
  AgentSchema,
  AgentsFileSchema,
  ModelProfileSchema,
  EndpointSchema,
  EndpointOverrideSchema,
  AgentEndpointsFileSchema,
} from './agents.js';
export type { Agent, AgentsFile, ModelProfile, Endpoint, EndpointOverride, AgentEndpointsFile } from './agents.js';
export {
  REJECTION_CODES,
  STOP_HOOK_TOOL_CALL_REJECTED,
  TOOL_NONCE_LINE_PREFIX,
  TOOL_CALL_REQUIRED_LINE,
  TOOL_NONCE_PLACEHOLDER,
  ToolIdSchema,
  ToolEnvelopeSchema,
  DecisionSchema,
  ToolChannelSchema,
  TOOL_BUDGETS,
} from './tool-calls.js';
export type {
  RejectionCode,
  ToolEnvelope,
  Decision,
  ValidationIssue,
  AppliedNormalisation,
  AcceptedToolCall,
  RejectedToolCall,
  ToolCallVerdict,
  DecisionVerdict,
  ToolChannel,
} from './tool-calls.js';
export {
  RECEIPT_SCHEMA_VERSION,
  RECEIPT_ID_PATTERN,
  RECEIPT_ID_IN_TEXT,
  FileRefSchema,
  ReceiptStatusSchema,
  ToolReceiptSchema,
} from './receipts.js';
export type { FileRef, ReceiptStatus, ToolReceipt, AuditVerifyReport } from './receipts.js';
export { AUDIT_ERROR_CODES, MANUSCRIPT_ERROR_CODES } from './errors.js';
export type { AuditErrorCode, ManuscriptErrorCode } from './errors.js';
export { AUDIT_SEAL_SCHEMA_VERSION, SessionSealSchema, SessionHeadSchema, AuditManifestSchema } from './audit-seal.js';
export type { SessionSeal, SessionHead, AuditManifest, AuditKeyInfo } from './audit-seal.js';
export {
  TOOL_CATALOG_SCHEMA_VERSION,
  ToolCatalogEntrySchema,
  ToolCatalogFileSchema,
  PromptsFileSchema,
} from './tool-catalog.js';
export type { ToolCatalogEntry, ToolCatalogFile, PromptsFile, MergedToolCatalog } from './tool-catalog.js';
export { ISSUE_SCHEMA_VERSION, IssueStatusSchema, IssuePrioritySchema, IssueSchema, IssuesFileSchema } from './issues.js';
export type { Issue, IssuesFile, NewIssue } from './issues.js';
export {
  FileLocatorArgsSchema,
  FileReaderArgsSchema,
  OutlineAnalyzerArgsSchema,
  CanonCheckerArgsSchema,
  TaskRouterArgsSchema,
  SearchIssuesArgsSchema,
  ProseAnalyzerArgsSchema,
  ConsistencyCheckerArgsSchema,
  SceneDraftValidatorArgsSchema,
  TOOL_ARG_SCHEMAS,
  CORE_TOOL_IDS,
} from './tool-args.js';
export type {
  CoreToolId,
  FileLocatorArgs,
  FileReaderArgs,
  OutlineAnalyzerArgs,
  CanonCheckerArgs,
  TaskRouterArgs,
  SearchIssuesArgs,
  ProseAnalyzerArgs,
  ConsistencyCheckerArgs,
  SceneDraftValidatorArgs,
} from './tool-args.js';
export { MODEL_ERROR_CODES } from './model.js';
export type { ModelErrorDetails } from './model.js';
export type {
  RetryRecord,
  ContextWindow,
  ContextWindowSource,
  ChatRole,
  NativeToolCall,
  ChatMessage,
  FunctionToolSpec,
  ResponseFormat,
  ModelDelta,
  ModelRequest,
  ModelUsage,
  ModelResponse,
  ModelErrorCode,
} from './model.js';
export {
  TRACE_SCHEMA_VERSION,
  EVENT_TYPES,
  EventTypeSchema,
  ConversationStateSchema,
  RoundStatusSchema,
  EventStatusSchema,
  INTERRUPTED_FAILURE_CODE,
  TRACE_ERROR_CODES,
  EVENT_PAYLOAD_SCHEMAS,
  RoundHeaderSchema,
  RoundEventSchema,
  TracedRoundSchema,
} from './traces.js';
export type { EventType, ConversationState, RoundStatus, RoundHeader, RoundEvent, TracedRound, EventStatus, TraceErrorCode, EventPayloads } from './traces.js';
export { EVIDENCE_TYPES, EVIDENCE_ISSUE_CODES, TELEMETRY_BUCKETS, EvidenceReportSchema } from './evidence.js';
export type { EvidenceType, EvidenceIssueCode, TextSpan, EvidenceIssue, EvidenceSource, QuoteLocation, AbsenceHit, EvidenceReport, TelemetryBucket } from './evidence.js';
export {
  CONFERENCE_SCHEMA_VERSION,
  CARD_STATES,
  ENTRY_STATUSES,
  PHASE_TWO_FRAMING,
  ABSTAIN_KEYWORD,
  ConferenceRecordSchema,
  conferenceIssueTitle,
  CONFERENCE_ERROR_CODES,
} from './conference.js';
export type {
  CardState,
  EntryStatus,
  ConferenceEntry,
  ConferenceRoundResult,
  ConferenceRecord,
  ConferenceErrorCode,
  ConferenceEntryIssue,
  ConferenceRejection,
  ConferenceRoundEvent,
} from './conference.js';
export * from './memory.js';
export * from './audio.js';
export * from './canon.js';
export * from './runs.js';
export * from './auth.js';
export * from './tasks.js';
export { CHECK_EVIDENCE_TOOL_ID, MCP_HTTP_PATH, MCP_SESSION_PREFIX, CheckEvidenceArgsSchema } from './mcp.js';
export type { CheckEvidenceArgs, McpToolSuccess, McpToolFailure } from './mcp.js';
export {
  IMPORT_MANIFEST_SCHEMA_VERSION,
  IMPORT_DIR,
  ImportFormatSchema,
  ImportKindSchema,
  ImportActionSchema,
  ImportedItemSchema,
  SkippedItemSchema,
  ImportReportSchema,
  ImportProgressSchema,
  ImportManifestSchema,
  ImportJobStatusSchema,
  ImportJobSchema,
} from './imports.js';
export type { ImportFormat, ImportKind, ImportAction, ImportedItem, SkippedItem, ImportReport, ImportProgress, ImportManifest, ManifestEntry, ImportJobStatus, ImportJob } from './imports.js';
export { INPUT_VALIDATOR_ID, STOP_HOOK_INPUT_UNCLEAR, UNCLEAR_INPUT_CODES } from './input.js';
export type { UnclearInputCode } from './input.js';
export { NOTICE_KINDS, STOP_HOOK_TURN_FAILED, ConversationNoticeSchema } from './notice.js';
export type { NoticeKind, ConversationNotice } from './notice.js';
export * from './feature-flags.js';
export {
  NOTIFICATIONS_SCHEMA_VERSION,
  NOTIFICATIONS_STORAGE_PATH,
  NOTIFICATIONS_KEPT,
  NOTIFICATION_KINDS,
  NOTIFICATION_ERROR_CODES,
  NotificationLinkSchema,
  NotificationSchema,
  NotificationsFileSchema,
} from './notifications.js';
export type { NotificationKind, NotificationLink, Notification, NotificationsFile, NotificationInput, NotificationErrorCode } from './notifications.js';
