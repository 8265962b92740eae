export { SqliteMemoryStore } from './sqlite-memory-store.js';
export { openBucketMemory, MEMORY_DB_PATH } from './open-bucket-memory.js';
export type { OpenBucketMemoryOptions } from './open-bucket-memory.js';
export { MEMORY_MIGRATIONS, LATEST_MEMORY_MIGRATION, migrateMemoryDatabase } from './memory-migrations.js';
