import { ControlRoomError, TRACE_SCHEMA_VERSION } from '../../protocol/index.js';
import type { SqliteDatabase } from './sqlite-driver.js';

/** One step of the trace database's schema; `PRAGMA user_version` records the last step applied. */
interface Migration {
  version: number;
  description: string;
  sql: string;
}

/**
 * Numbered steps, applied in order and never edited once shipped: a change is a new step.
 * `rounds` and `events` hold exactly the plan's RoundHeader and RoundEvent fields (payload as JSON
 * text). `round_writers` is a lease, not evidence: which process writes each open round, so a
 * restart can tell a crashed writer's rounds from a live one's.
 */
export const TRACE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'meta, rounds, events, round_writers',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      INSERT INTO meta (key, value) VALUES ('schema_version', '${TRACE_SCHEMA_VERSION}');
      CREATE TABLE rounds (
        round_id TEXT PRIMARY KEY,
        schema_version INTEGER NOT NULL,
        library_id TEXT NOT NULL,
        bucket_id TEXT NOT NULL,
        conversation_id TEXT NOT NULL,
        round_seq INTEGER NOT NULL CHECK (round_seq >= 1),
        state_in TEXT NOT NULL,
        state_out TEXT,
        audio_id TEXT,
        created_at TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'ok', 'partial', 'failed')),
        failure_code TEXT,
        failure_reason TEXT
      );
      CREATE UNIQUE INDEX rounds_conversation_seq ON rounds (conversation_id, round_seq);
      CREATE INDEX rounds_export_order ON rounds (created_at, round_seq, round_id);
      CREATE INDEX rounds_open ON rounds (status) WHERE status = 'open';
      CREATE TABLE events (
        round_id TEXT NOT NULL REFERENCES rounds (round_id),
        event_seq INTEGER NOT NULL CHECK (event_seq >= 1),
        schema_version INTEGER NOT NULL,
        event_type TEXT NOT NULL,
        call_id TEXT,
        timestamp TEXT NOT NULL,
        payload TEXT NOT NULL CHECK (json_valid(payload)),
        status TEXT NOT NULL CHECK (status IN ('ok', 'failed', 'skipped')),
        failure_code TEXT,
        failure_reason TEXT
      );
      CREATE UNIQUE INDEX events_round_seq ON events (round_id, event_seq);
      CREATE TABLE round_writers (
        round_id TEXT PRIMARY KEY REFERENCES rounds (round_id),
        schema_version INTEGER NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        instance_id TEXT NOT NULL,
        since TEXT NOT NULL
      );`,
  },
];

/** The schema step this build writes. */
export const LATEST_TRACE_MIGRATION = TRACE_MIGRATIONS[TRACE_MIGRATIONS.length - 1]?.version ?? 0;

function userVersion(db: SqliteDatabase): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/** Brings the database to the latest step; refuses a database from a newer build. Returns the steps applied. */
export function migrateTraceDatabase(db: SqliteDatabase): number[] {
  const apply = db.transaction(() => {
    // Read inside the write transaction: another process may have migrated while we waited for the lock.
    const current = userVersion(db);
    if (current > LATEST_TRACE_MIGRATION) {
      throw new ControlRoomError(
        'trace_store_too_new',
        `The trace database is at schema step ${current}, newer than this Control Room understands (${LATEST_TRACE_MIGRATION}). Upgrade Control Room to read it.`,
        { fault: 'user' },
      );
    }
    const pending = TRACE_MIGRATIONS.filter((migration) => migration.version > current);
    for (const migration of pending) {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
    return pending.map((migration) => migration.version);
  });
  return userVersion(db) === LATEST_TRACE_MIGRATION ? [] : apply.immediate();
}
