import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MemoryRefsSchema, MemorySourceSchema, type MemoryItemRecord } from '../../protocol/memory.js';
import type { MemoryBucketSnapshot, MemorySignalDelta, MemoryStore } from '../../core/ports/memory-store.js';
import { memoryError } from '../../core/memory/index.js';
import { openSqliteDatabase, type SqliteDatabase, type SqliteStatement } from '../sqlite-trace-store/sqlite-driver.js';
import { migrateMemoryDatabase } from './memory-migrations.js';

interface ItemRow {
  item_id: string;
  schema_version: number;
  bucket_id: string;
  pinned: number;
  content: string;
  refs: string;
  source: string;
  topic_hits: number;
  citations: number;
  created_at: string;
  last_updated: string;
}

const ITEM_COLUMNS = 'item_id, schema_version, bucket_id, pinned, content, refs, source, topic_hits, citations, created_at, last_updated';

function toRecord(row: ItemRow): MemoryItemRecord {
  return {
    schema_version: row.schema_version,
    item_id: row.item_id,
    bucket_id: row.bucket_id,
    pinned: row.pinned === 1,
    content: row.content,
    metadata: {
      refs: MemoryRefsSchema.parse(JSON.parse(row.refs)),
      source: MemorySourceSchema.parse(row.source),
      topic_hits: row.topic_hits,
      citations: row.citations,
    },
    created_at: row.created_at,
    last_updated: row.last_updated,
  };
}

/**
 * Bucket memory in SQLite (`.control-room/memory/memory.db`, WAL, full sync). Every write is one
 * transaction that also bumps the bucket's revision, so any process can detect a stale cache;
 * counters are added in SQL, so concurrent writers never lose a signal.
 */
export class SqliteMemoryStore implements MemoryStore {
  /** Statements prepared once per SQL text: preparing costs more than running a small one. */
  private readonly statements = new Map<string, SqliteStatement<unknown>>();

  private constructor(private readonly db: SqliteDatabase) {}

  /** Opens (creating and migrating when needed) the memory database at `file`. */
  static async open(file: string, options: { busyTimeoutMs?: number } = {}): Promise<SqliteMemoryStore> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    let db: SqliteDatabase | undefined;
    try {
      db = openSqliteDatabase(file, { busyTimeoutMs: options.busyTimeoutMs ?? 5000 });
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      migrateMemoryDatabase(db);
      return new SqliteMemoryStore(db);
    } catch (error) {
      db?.close();
      if (error instanceof Error && error.name === 'ControlRoomError') throw error;
      throw memoryError('memory_store_failed', `The memory database ${file} cannot be opened (${(error as Error).message}). Move it aside to start afresh.`);
    }
  }

  async insert(item: MemoryItemRecord): Promise<void> {
    this.guard(() => this.db.transaction(() => {
      this.bump(item.bucket_id, item.last_updated);
      this
        .prepared(`INSERT INTO items (${ITEM_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(item.item_id, item.schema_version, item.bucket_id, item.pinned ? 1 : 0, item.content, JSON.stringify(item.metadata.refs), item.metadata.source, item.metadata.topic_hits, item.metadata.citations, item.created_at, item.last_updated);
    }).immediate());
  }

  async get(itemId: string): Promise<MemoryItemRecord | null> {
    const row = this.guard(() => this.prepared<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE item_id = ?`).get(itemId));
    return row === undefined ? null : toRecord(row);
  }

  async setPinned(itemId: string, pinned: boolean, at: string): Promise<MemoryItemRecord | null> {
    return this.guard(() => this.db.transaction(() => {
      const row = this.prepared<{ bucket_id: string }>('SELECT bucket_id FROM items WHERE item_id = ?').get(itemId);
      if (row === undefined) return null;
      this.bump(row.bucket_id, at);
      this.prepared('UPDATE items SET pinned = ?, last_updated = ? WHERE item_id = ?').run(pinned ? 1 : 0, at, itemId);
      const updated = this.prepared<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE item_id = ?`).get(itemId);
      return updated === undefined ? null : toRecord(updated);
    }).immediate());
  }

  async addSignals(bucketId: string, itemIds: readonly string[], delta: MemorySignalDelta, at: string): Promise<number> {
    if (itemIds.length === 0) return 0;
    return this.guard(() => this.db.transaction(() => {
      const update = this.prepared('UPDATE items SET topic_hits = topic_hits + ?, citations = citations + ?, last_updated = ? WHERE item_id = ? AND bucket_id = ?');
      let changed = 0;
      for (const itemId of itemIds) changed += update.run(delta.topic_hits ?? 0, delta.citations ?? 0, at, itemId, bucketId).changes;
      if (changed > 0) this.bump(bucketId, at);
      return changed;
    }).immediate());
  }

  async snapshot(bucketId: string): Promise<MemoryBucketSnapshot> {
    // One read transaction, so the revision belongs to exactly these rows.
    return this.guard(() => this.db.transaction(() => ({
      revision: this.readRevision(bucketId),
      items: this.prepared<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE bucket_id = ? ORDER BY item_id`).all(bucketId).map(toRecord),
    }))());
  }

  async revision(bucketId: string): Promise<number> {
    return this.guard(() => this.readRevision(bucketId));
  }

  async bucketIds(): Promise<string[]> {
    return this.guard(() => this.prepared<{ bucket_id: string }>('SELECT bucket_id FROM buckets ORDER BY bucket_id').all().map((row) => row.bucket_id));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** Runs one database step, turning driver failures (closed store, full disk, lock timeout) into `memory_store_failed`. */
  private guard<T>(work: () => T): T {
    if (!this.db.open) throw memoryError('memory_store_failed', 'The memory store is closed; open it again.');
    try {
      return work();
    } catch (error) {
      if (error instanceof Error && error.name === 'ControlRoomError') throw error;
      throw memoryError('memory_store_failed', `The memory database refused the operation (${(error as Error).message}). Check the disk and try again.`);
    }
  }

  private prepared<Row = Record<string, unknown>>(sql: string): SqliteStatement<Row> {
    let statement = this.statements.get(sql) as SqliteStatement<Row> | undefined;
    if (statement === undefined) this.statements.set(sql, (statement = this.db.prepare<Row>(sql)));
    return statement;
  }

  private readRevision(bucketId: string): number {
    return this.prepared<{ revision: number }>('SELECT revision FROM buckets WHERE bucket_id = ?').get(bucketId)?.revision ?? 0;
  }

  private bump(bucketId: string, at: string): void {
    this
      .prepared('INSERT INTO buckets (bucket_id, revision, last_updated) VALUES (?, 1, ?) ON CONFLICT (bucket_id) DO UPDATE SET revision = revision + 1, last_updated = excluded.last_updated')
      .run(bucketId, at);
  }
}
