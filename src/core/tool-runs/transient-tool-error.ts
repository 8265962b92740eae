/**
 * Tool failures worth running again (the retry policy: tools are retried only on transient
 * errors): a file or store busy for a moment, too many open files, an interrupted read. A tool
 * error about the request itself (a path not found, a bad range) is the same the second time.
 */
const TRANSIENT_TOOL_ERROR_CODES: ReadonlySet<string> = new Set(['lock_busy', 'file_busy', 'workspace_busy', 'trace_store_busy', 'EBUSY', 'EAGAIN', 'EMFILE', 'ENFILE', 'EINTR', 'ETIMEDOUT']);

/** True when a tool's error may pass if the tool runs again. */
export function isTransientToolError(error: { code: string } | undefined): boolean {
  return error !== undefined && TRANSIENT_TOOL_ERROR_CODES.has(error.code);
}
