import { MEMORY_SCHEMA_VERSION } from '../../protocol/memory.js';
import type { SqliteDatabase } from '../sqlite-trace-store/sqlite-driver.js';
import { memoryError } from '../../core/memory/index.js';

interface Migration {
  version: number;
  description: string;
  sql: string;
}

/**
 * Numbered steps of the memory database, applied in order and never edited once shipped.
 * `buckets.revision` is bumped by every write to a bucket so cached context packages (in any
 * process) can tell they are stale. Signal counters are columns so they can be added to atomically.
 */
export const MEMORY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'meta, buckets, items',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      INSERT INTO meta (key, value) VALUES ('schema_version', '${MEMORY_SCHEMA_VERSION}');
      CREATE TABLE buckets (
        bucket_id TEXT PRIMARY KEY,
        revision INTEGER NOT NULL CHECK (revision >= 1),
        last_updated TEXT NOT NULL
      );
      CREATE TABLE items (
        item_id TEXT PRIMARY KEY,
        schema_version INTEGER NOT NULL,
        bucket_id TEXT NOT NULL REFERENCES buckets (bucket_id),
        pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)),
        content TEXT NOT NULL,
        refs TEXT NOT NULL CHECK (json_valid(refs)),
        source TEXT NOT NULL,
        topic_hits INTEGER NOT NULL DEFAULT 0 CHECK (topic_hits >= 0),
        citations INTEGER NOT NULL DEFAULT 0 CHECK (citations >= 0),
        created_at TEXT NOT NULL,
        last_updated TEXT NOT NULL
      );
      CREATE INDEX items_bucket ON items (bucket_id);`,
  },
];

export const LATEST_MEMORY_MIGRATION = MEMORY_MIGRATIONS[MEMORY_MIGRATIONS.length - 1]?.version ?? 0;

/** Brings the database to the latest step inside one write transaction; refuses a newer database. */
export function migrateMemoryDatabase(db: SqliteDatabase): number[] {
  const version = (): number => Number(db.pragma('user_version', { simple: true }));
  if (version() === LATEST_MEMORY_MIGRATION) return [];
  const apply = db.transaction(() => {
    // Read inside the transaction: another process may have migrated while we waited for the lock.
    const current = version();
    if (current > LATEST_MEMORY_MIGRATION) {
      throw memoryError('memory_store_too_new', `The memory database is at schema step ${current}, newer than this Control Room understands (${LATEST_MEMORY_MIGRATION}). Upgrade Control Room to read it.`);
    }
    const pending = MEMORY_MIGRATIONS.filter((migration) => migration.version > current);
    for (const migration of pending) {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
    return pending.map((migration) => migration.version);
  });
  return apply.immediate();
}
