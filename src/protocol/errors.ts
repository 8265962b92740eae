/**
 * Error codes and the typed error every layer throws for unexpected failures.
 *
 * Expected failures (a bad tool call, a quote that is not in the file) are returned as data;
 * `ControlRoomError` is for failures a caller cannot route around, each with a stable `code`
 * and the party at fault, so entry points can map it to an HTTP status or exit code in one table.
 */

/** Who caused the failure: the person using the product, the model, or the system itself. */
export type Fault = 'user' | 'model' | 'system';

/** Codes raised by the virtual file system. */
export const VFS_ERROR_CODES = [
  /** The path leaves the workspace, names app data, or uses a refused form (`..`, `/abs`, `\`, NUL, %2e%2e). */
  'path_outside_workspace',
  /** The path is well formed but no such file is visible in the VFS. */
  'path_not_found',
  /** The path names a folder where a file was expected. */
  'path_is_directory',
  /** The file is larger than the read limit; read a line range or split the file. */
  'file_too_large',
  /** The file is not text (it has NUL bytes or is not UTF-8). */
  'file_binary',
  /** The requested line range is malformed or outside the file. */
  'line_range_invalid',
  /** The file is a link, a pipe or a device where a regular file must be (app data behind `Canon.md`). */
  'file_not_regular',
  /** The file has more than one name on disk (a hard link), and the other may be outside the workspace. */
  'file_hard_linked',
] as const;
export type VfsErrorCode = (typeof VFS_ERROR_CODES)[number];

/** Codes of the gate in front of every HTTP route (SPEC §16: own Host names, same-origin state changes). */
export const REQUEST_GUARD_ERROR_CODES = [
  /** The `Host` (or the request target) names something other than this server: DNS rebinding, say. */
  'host_not_allowed',
  /** The request came from a page of another site or another port (`Origin`, `Sec-Fetch-Site`). */
  'cross_origin_refused',
  /** A state change without a JSON content type or the app's header: what a form or a simple request sends. */
  'content_type_required',
] as const;
export type RequestGuardErrorCode = (typeof REQUEST_GUARD_ERROR_CODES)[number];

/** Codes of the signed, sealed audit log (SPEC §6, §15). */
export const AUDIT_ERROR_CODES = [
  /** A session or issue id that cannot name an audit folder. */
  'audit_id_invalid',
  /** A key file needed to sign or verify is not there (restore it, or verify with the exported public key). */
  'audit_key_missing',
  /** A key file or key is not what it must be (not PEM, not Ed25519, a short secret). */
  'audit_key_invalid',
  /** A pinned key (`--pubkey`, `?pubkey=`) that is neither a fingerprint nor a public key file. */
  'audit_pin_invalid',
  /** A batch of receipts that names more than one session. */
  'audit_batch_mixed',
] as const;
export type AuditErrorCode = (typeof AUDIT_ERROR_CODES)[number];

/** Codes of importing a writer's book and marking continuity findings intentional (SPEC §16). */
export const MANUSCRIPT_ERROR_CODES = [
  /** The folder, `.docx` or `.scriv` to import is not there. */
  'import_source_not_found',
  /** The source is not a format that can be imported, or its files cannot be read as one. */
  'import_source_unreadable',
  /** The workspace would sit inside the source (so importing would change it), or the source is the workspace's manuscript. */
  'import_target_invalid',
  /** An import job id that this server did not start. */
  'import_not_found',
  /** A finding to mark intentional that names no file line the workspace has. */
  'finding_line_not_found',
] as const;
export type ManuscriptErrorCode = (typeof MANUSCRIPT_ERROR_CODES)[number];

/** Codes of the web app's own reads: 1:1 chat transcripts, pictures of the book. */
export const WEB_VIEW_ERROR_CODES = [
  /** No 1:1 chat session with that id has a finished turn. */
  'chat_session_not_found',
  /** A tool named in `POST /api/tools/{id}/run` that the registry does not have. */
  'tool_not_found',
] as const;
export type WebViewErrorCode = (typeof WEB_VIEW_ERROR_CODES)[number];

/** Codes of sending traces to an OpenTelemetry collector (`traces export --otlp`). */
export const TRACE_EXPORT_ERROR_CODES = [
  /** The collector refused the spans or could not be reached; traces.db still has every round. */
  'trace_export_failed',
] as const;
export type TraceExportErrorCode = (typeof TRACE_EXPORT_ERROR_CODES)[number];

/** Codes raised by workspace set-up and configuration. */
export const WORKSPACE_ERROR_CODES = [
  'workspace_not_found',
  'workspace_exists',
  'config_invalid',
  'usage_error',
  'internal_error',
] as const;
export type WorkspaceErrorCode = (typeof WORKSPACE_ERROR_CODES)[number];

/** A failure with a stable code, a message that says what to do, and the party at fault. */
export class ControlRoomError extends Error {
  readonly code: string;
  readonly fault: Fault;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, message: string, options: { fault?: Fault; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ControlRoomError';
    this.code = code;
    this.fault = options.fault ?? 'user';
    this.details = options.details;
  }

  /** The `{error:{code,message}}` body used by the HTTP API and the CLI's `--json` output. */
  toJSON(): { error: { code: string; message: string } } {
    return { error: { code: this.code, message: this.message } };
  }
}

/** True when `value` is a ControlRoomError (also across module copies). */
export function isControlRoomError(value: unknown): value is ControlRoomError {
  return value instanceof ControlRoomError || (value instanceof Error && value.name === 'ControlRoomError' && 'code' in value);
}
