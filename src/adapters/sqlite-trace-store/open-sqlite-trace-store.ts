import path from 'node:path';
import { SqliteTraceStore, type SqliteTraceStoreOptions } from './sqlite-trace-store.js';

/** Where a workspace keeps its traces (SPEC §9). */
export const TRACES_DB_PATH = '.control-room/traces.db';
/** Overrides the persisted library id for this process (SPEC §9). */
export const LIBRARY_ID_ENV = 'CONTROL_ROOM_LIBRARY_ID';

export interface OpenSqliteTraceStoreOptions extends Omit<SqliteTraceStoreOptions, 'file' | 'libraryId'> {
  /** The environment to read `CONTROL_ROOM_LIBRARY_ID` from (default: the process's). */
  env?: Record<string, string | undefined>;
}

/** Opens `<workspace>/.control-room/traces.db`, with the library id overridden by `CONTROL_ROOM_LIBRARY_ID` when set. */
export async function openSqliteTraceStore(workspaceDir: string, options: OpenSqliteTraceStoreOptions = {}): Promise<SqliteTraceStore> {
  const { env = process.env, ...rest } = options;
  const override = env[LIBRARY_ID_ENV]?.trim();
  return SqliteTraceStore.open({ ...rest, file: path.join(workspaceDir, TRACES_DB_PATH), ...(override ? { libraryId: override } : {}) });
}
