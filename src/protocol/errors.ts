/**
 * Error codes and the typed error every layer throws for unexpected failures.
 *
 * Expected failures (a bad tool call, a quote that is not in the file) are returned as data;
 * `ControlRoomError` is for failures a caller cannot route around, each with a stable `code`
 * and the party at fault, so entry points can map it to an HTTP status or exit code in one table.
 */

import { AUDIO_ERROR_CODES } from './audio.js';
import { AUTH_ERROR_CODES } from './auth.js';
import { CANON_ERROR_CODES } from './canon.js';
import { CONFERENCE_ERROR_CODES } from './conference.js';
import { INTENTIONAL_ERROR_CODES } from './intentional.js';
import { MEMORY_ERROR_CODES } from './memory.js';
import { MODEL_ERROR_CODES } from './model.js';
import { NOTIFICATION_ERROR_CODES } from './notifications.js';
import { RUN_ERROR_CODES } from './runs.js';
import { TRACE_ERROR_CODES } from './traces.js';

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
  /** An upload to import names a file by a path that could leave its folder: `..`, absolute, a drive, `\\`, NUL or control characters. */
  'import_upload_path_invalid',
  /** An upload to import is larger in total than the server takes at once. */
  'import_upload_too_large',
  /** An upload to import has more files than the server takes at once. */
  'import_upload_too_many_files',
  /** An upload to import is not a form of files with their paths (nothing sent, paths and files unpaired, one path twice). */
  'import_upload_invalid',
  /** An import is already running into this workspace; wait for it to finish. */
  'import_busy',
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

/** Codes of the HTTP API itself, before any route runs. */
export const API_ERROR_CODES = [
  /** The body, query or path does not match the route's schema (with `issues` naming each problem). */
  'invalid_request',
  /** The access token is missing or wrong (a server bound beyond loopback). */
  'unauthorized',
  /** No API route for this method and path. */
  'not_found',
  /** The request body is larger than the limit. */
  'payload_too_large',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Codes of the roster, issues, receipts and telemetry stores. */
export const STORE_ERROR_CODES = [
  /** No agent with that id in agents.json. */
  'agent_not_found',
  /** A conference with that id already exists. */
  'conference_exists',
  /** A conference record that does not have the required shape. */
  'conference_invalid',
  /** No issue with that id. */
  'issue_not_found',
  /** An issue that does not have the required fields. */
  'issue_invalid',
  /** The issues file cannot be read. */
  'issues_corrupt',
  /** No receipt with that id in the session. */
  'receipt_not_found',
  /** A receipt that does not have the required shape. */
  'receipt_invalid',
  /** A receipt whose output cannot be written as canonical JSON. */
  'receipt_not_canonical',
  /** No audit session with that id. */
  'session_not_found',
  /** A telemetry session id that cannot name a record. */
  'telemetry_session_invalid',
] as const;
export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];

/** Codes of running tools, tasks and pipelines outside the model's tool loop. */
export const TOOL_RUN_ERROR_CODES = [
  /** The arguments of a tool run from the API or CLI do not match its schema. */
  'tool_args_invalid',
  'tool_call_invalid_args',
  /** A tool name the registry does not have. */
  'tool_call_unknown_tool',
  /** The workspace has no outline for the outline tools. */
  'outline_not_found',
  /** The canon extraction model answered with something that is not the extraction schema. */
  'extraction_invalid',
  /** A pipeline's arguments do not match its recipe. */
  'run_args_invalid',
  /** Another process holds the task lock. */
  'lock_busy',
  /** A written file does not read back as written. */
  'write_verification_failed',
  /** A task asks for a canon rebuild where none can be run. */
  'canon_rebuild_unavailable',
  /** A patch's find text is not in the file. */
  'patch_find_not_found',
  /** A patch's find text is in the file more than once. */
  'patch_find_ambiguous',
] as const;
export type ToolRunErrorCode = (typeof TOOL_RUN_ERROR_CODES)[number];

/**
 * Every error code the product throws or answers with: the one registry. The HTTP status of each
 * is in the server's status table (typed over this list, so a new code needs its status), and the
 * OpenAPI document lists them as the `ErrorCode` enum of the error body.
 */
export const ERROR_CODES = [
  ...API_ERROR_CODES,
  ...REQUEST_GUARD_ERROR_CODES,
  ...WORKSPACE_ERROR_CODES,
  ...VFS_ERROR_CODES,
  ...AUDIT_ERROR_CODES,
  ...MANUSCRIPT_ERROR_CODES,
  ...WEB_VIEW_ERROR_CODES,
  ...TRACE_EXPORT_ERROR_CODES,
  ...STORE_ERROR_CODES,
  ...TOOL_RUN_ERROR_CODES,
  ...AUDIO_ERROR_CODES,
  ...AUTH_ERROR_CODES,
  ...CANON_ERROR_CODES,
  ...CONFERENCE_ERROR_CODES,
  ...INTENTIONAL_ERROR_CODES,
  ...MEMORY_ERROR_CODES,
  ...MODEL_ERROR_CODES,
  ...NOTIFICATION_ERROR_CODES,
  ...RUN_ERROR_CODES,
  ...TRACE_ERROR_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/** True when `code` is in the registry. */
export function isErrorCode(code: string): code is ErrorCode {
  return ERROR_CODE_SET.has(code);
}

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
