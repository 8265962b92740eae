import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TraceStore } from '../../core/ports/index.js';
import { openSqliteTraceStore, TRACES_DB_PATH } from './open-sqlite-trace-store.js';

/**
 * Runs `work` with the workspace's trace store and closes it after, or with null when the
 * workspace has no traces yet: read-only commands never create the database.
 */
export async function withExistingTraceStore<T>(root: string, work: (store: TraceStore | null) => Promise<T>): Promise<T> {
  if (!existsSync(path.join(root, TRACES_DB_PATH))) return work(null);
  const store = await openSqliteTraceStore(root);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
