import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MEMORY_SCHEMA_VERSION, type MemoryItemRecord } from '../../protocol/memory.js';
import { openSqliteDatabase } from '../sqlite-trace-store/sqlite-driver.js';
import { openBucketMemory, MEMORY_DB_PATH } from './open-bucket-memory.js';
import { SqliteMemoryStore } from './sqlite-memory-store.js';

let root: string;
let file: string;

function record(id: string, bucket: string, at = '2025-01-01T00:00:00.000Z'): MemoryItemRecord {
  return {
    schema_version: MEMORY_SCHEMA_VERSION,
    item_id: id,
    bucket_id: bucket,
    pinned: false,
    content: `note ${id}`,
    metadata: { refs: { paths: ['Story/a.md'], receipt_ids: [], excerpts: ['“quoted”'] }, source: 'agent', topic_hits: 0, citations: 0 },
    created_at: at,
    last_updated: at,
  };
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-memory-store-'));
  file = path.join(root, MEMORY_DB_PATH);
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('SqliteMemoryStore', () => {
  it('keeps notes across reopening and bumps the bucket revision on every write', async () => {
    const store = await SqliteMemoryStore.open(file);
    expect(await store.revision('b1')).toBe(0);
    await store.insert(record('i1', 'b1'));
    await store.insert(record('i2', 'b1'));
    await store.insert(record('i3', 'b2'));
    expect(await store.revision('b1')).toBe(2);
    expect(await store.setPinned('i1', true, '2025-01-02T00:00:00.000Z')).toMatchObject({ pinned: true, last_updated: '2025-01-02T00:00:00.000Z' });
    expect(await store.setPinned('missing', true, '2025-01-02T00:00:00.000Z')).toBeNull();
    expect(await store.addSignals('b1', ['i1', 'i2', 'i3'], { citations: 2, topic_hits: 1 }, '2025-01-03T00:00:00.000Z')).toBe(2);
    expect(await store.addSignals('b1', ['nope'], { citations: 1 }, '2025-01-03T00:00:00.000Z')).toBe(0);
    expect(await store.revision('b1')).toBe(4);
    await store.close();

    const reopened = await SqliteMemoryStore.open(file);
    const snapshot = await reopened.snapshot('b1');
    expect(snapshot.revision).toBe(4);
    expect(snapshot.items.map((item) => [item.item_id, item.pinned, item.metadata.citations, item.metadata.topic_hits])).toEqual([
      ['i1', true, 2, 1],
      ['i2', false, 2, 1],
    ]);
    expect(snapshot.items[0]?.metadata.refs).toEqual({ paths: ['Story/a.md'], receipt_ids: [], excerpts: ['“quoted”'] });
    expect(await reopened.bucketIds()).toEqual(['b1', 'b2']);
    expect((await reopened.get('i3'))?.metadata.source).toBe('agent');
    await reopened.close();
    await expect(reopened.get('i3')).rejects.toMatchObject({ code: 'memory_store_failed' });
  });

  it('reads fresh rows through its reused statements, also what another connection wrote', async () => {
    const store = await SqliteMemoryStore.open(file);
    const other = await SqliteMemoryStore.open(file);
    await store.insert(record('i1', 'b1'));
    expect((await store.snapshot('b1')).items.map((item) => item.item_id)).toEqual(['i1']);
    await other.insert(record('i2', 'b1'));
    await other.setPinned('i1', true, '2025-01-02T00:00:00.000Z');
    const snapshot = await store.snapshot('b1');
    expect(snapshot.revision).toBe(3);
    expect(snapshot.items.map((item) => [item.item_id, item.pinned])).toEqual([['i1', true], ['i2', false]]);
    expect(await store.bucketIds()).toEqual(['b1']);
    await other.close();
    await store.close();
    await expect(store.snapshot('b1')).rejects.toMatchObject({ code: 'memory_store_failed' });
  });

  it('refuses a database written by a newer build', async () => {
    await (await SqliteMemoryStore.open(file)).close();
    const db = openSqliteDatabase(file);
    db.pragma('user_version = 99');
    db.close();
    await expect(SqliteMemoryStore.open(file)).rejects.toMatchObject({ code: 'memory_store_too_new' });
  });

  it('reports a file that is not a database', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, 'this is not sqlite, just text that is long enough to be read as a header');
    await expect(SqliteMemoryStore.open(file)).rejects.toMatchObject({ code: 'memory_store_failed' });
  });

  it('opens a workspace memory under .control-room/memory/', async () => {
    const memory = await openBucketMemory(root);
    await memory.add({ conversation_id: 'c9', content: 'Remember the tide tables.' });
    expect((await memory.buckets()).map((bucket) => bucket.bucket_id)).toEqual(['bucket:c9']);
    await memory.close();
    expect(await fs.readdir(path.join(root, '.control-room/memory'))).toContain('memory.db');
  });
});
