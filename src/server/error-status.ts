import { isControlRoomError, isErrorCode, type ErrorCode, type Fault } from '../protocol/index.js';

/**
 * The one table from error codes to HTTP statuses (as tRPC keeps one), typed over the registry so
 * every registered code has its status. A code from outside the registry (a tool's own failure
 * passed on) falls back on who is at fault: the person using the API (400), the model (502) or
 * the system (500).
 */
const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  // Requests that cannot be understood or are not allowed.
  invalid_request: 400,
  usage_error: 400,
  config_invalid: 400,
  path_outside_workspace: 400,
  line_range_invalid: 400,
  path_is_directory: 400,
  audit_id_invalid: 400,
  audit_pin_invalid: 400,
  tool_args_invalid: 400,
  tool_call_invalid_args: 400,
  issue_invalid: 400,
  issue_not_a_finding: 400,
  unauthorized: 401,
  // The gate in front of every route (request-guard.ts).
  host_not_allowed: 421,
  cross_origin_refused: 403,
  content_type_required: 415,
  // Files the VFS will not serve: a link or special file, or a file with a second name on disk.
  file_not_regular: 403,
  file_hard_linked: 403,
  // Things that are not there.
  not_found: 404,
  path_not_found: 404,
  workspace_not_found: 404,
  agent_not_found: 404,
  issue_not_found: 404,
  notification_not_found: 404,
  conference_not_found: 404,
  attendee_not_found: 404,
  receipt_not_found: 404,
  trace_round_not_found: 404,
  outline_not_found: 404,
  tool_call_unknown_tool: 404,
  chat_session_not_found: 404,
  tool_not_found: 404,
  import_source_not_found: 404,
  import_not_found: 404,
  finding_line_not_found: 404,
  import_source_unreadable: 415,
  import_target_invalid: 409,
  import_upload_path_invalid: 400,
  import_upload_invalid: 400,
  import_upload_too_large: 413,
  import_upload_too_many_files: 413,
  import_busy: 409,
  // Conflicts with the state of things.
  chief_not_removable: 409,
  chief_not_mutable: 409,
  conference_exists: 409,
  workspace_exists: 409,
  trace_round_closed: 409,
  payload_too_large: 413,
  file_too_large: 413,
  file_binary: 415,
  // The model server.
  model_unreachable: 503,
  model_not_configured: 503,
  model_timeout: 504,
  model_http_error: 502,
  model_bad_response: 502,
  model_empty_response: 502,
  trace_export_failed: 502,
  // The prompt does not fit the model's context window even with tool output trimmed: a setting to change.
  model_context_exceeded: 413,
  canon_index_busy: 409,
  run_not_running: 409,
  confirmation_closed: 409,
  // Verifying needs the workspace's key files; without them the answer is "restore them", not a crash.
  audit_key_missing: 409,
  audit_key_invalid: 409,
  step_token_invalid: 409,
  confirmation_request_conflict: 409,
  undo_already_done: 409,
  undo_conflict: 409,
  undo_not_available: 409,
  lock_busy: 409,
  memory_store_too_new: 409,
  conversation_id_invalid: 400,
  canon_rebuild_unavailable: 400,
  audio_too_large: 413,
  audio_not_audio: 415,
  audio_malformed: 422,
  // The system.
  task_store_corrupt: 500,
  intentional_store_corrupt: 500,
  write_verification_failed: 500,
  trace_store_busy: 503,
  trace_store_closed: 503,
  internal_error: 500,
  // Registered codes of the stores, runs, audio, memory and traces.
  audit_batch_mixed: 500,
  audio_empty: 400,
  audio_not_found: 404,
  audio_config_invalid: 400,
  audio_store_corrupt: 500,
  confirmation_not_found: 404,
  task_not_found: 404,
  canon_sources_missing: 409,
  canon_index_cancelled: 409,
  conference_corrupt: 500,
  conference_invalid: 500,
  issues_corrupt: 500,
  notifications_corrupt: 500,
  receipt_invalid: 500,
  receipt_not_canonical: 500,
  session_not_found: 404,
  telemetry_session_invalid: 500,
  memory_input_invalid: 400,
  memory_bucket_invalid: 400,
  memory_item_not_found: 404,
  memory_store_failed: 500,
  model_cancelled: 400,
  recipe_not_found: 404,
  run_not_found: 404,
  cache_slot_not_found: 404,
  run_args_invalid: 400,
  run_corrupt: 500,
  extraction_invalid: 502,
  patch_find_not_found: 400,
  patch_find_ambiguous: 400,
  trace_event_invalid: 500,
  trace_input_invalid: 500,
  trace_store_too_new: 409,
  trace_store_unreadable: 500,
  trace_write_failed: 500,
};

const STATUS_BY_FAULT: Readonly<Record<Fault, number>> = { user: 400, model: 502, system: 500 };

/** The HTTP status for an error code, falling back on the party at fault for unlisted codes. */
export function statusForCode(code: string, fault: Fault = 'system'): number {
  if (isErrorCode(code)) return STATUS_BY_CODE[code];
  if (code.endsWith('_not_found')) return 404;
  return STATUS_BY_FAULT[fault];
}

/** What any thrown value becomes over HTTP: a status and the stable code and message. */
export interface HttpFailure {
  status: number;
  code: string;
  message: string;
  stack?: string;
}

/** Maps a thrown value to its HTTP failure; unknown throwables are `internal_error` (500). */
export function httpFailureOf(error: unknown, options: { development?: boolean } = {}): HttpFailure {
  const withStack = (failure: HttpFailure): HttpFailure =>
    options.development && error instanceof Error && error.stack ? { ...failure, stack: error.stack } : failure;
  if (isControlRoomError(error)) {
    return withStack({ status: statusForCode(error.code, error.fault), code: error.code, message: error.message });
  }
  const message = error instanceof Error ? error.message : String(error);
  // Outside development the message of an unexpected error may leak internals, so it is generic.
  return withStack({ status: 500, code: 'internal_error', message: options.development ? message : 'Something went wrong on the server. The details are in its log.' });
}
