import { ControlRoomError } from '../../protocol/index.js';
import { sqliteErrorCode } from './sqlite-driver.js';

/** A driver error as the store's typed error: a lock held too long, or a write the database refused. */
export function writeFailure(error: unknown): ControlRoomError {
  const code = sqliteErrorCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new ControlRoomError(
      'trace_store_busy',
      `The trace database stayed locked by another process (${detail}). Retry; if it persists, stop other Control Room processes using this workspace.`,
      { fault: 'system', cause: error, details: { sqlite: code } },
    );
  }
  return new ControlRoomError(
    'trace_write_failed',
    `The trace database refused a write (${code ?? 'error'}: ${detail}). Check free disk space and that .control-room/traces.db is writable.`,
    { fault: 'system', cause: error, details: { sqlite: code ?? null } },
  );
}
