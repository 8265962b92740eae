export { SqliteTraceStore } from './sqlite-trace-store.js';
export type { SqliteTraceStoreOptions, TraceWriteStats } from './sqlite-trace-store.js';
export { openSqliteTraceStore, TRACES_DB_PATH, LIBRARY_ID_ENV } from './open-sqlite-trace-store.js';
export type { OpenSqliteTraceStoreOptions } from './open-sqlite-trace-store.js';
export { withExistingTraceStore } from './with-existing-trace-store.js';
export { TRACE_MIGRATIONS, LATEST_TRACE_MIGRATION, migrateTraceDatabase } from './migrations.js';
