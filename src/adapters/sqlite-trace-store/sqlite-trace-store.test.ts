import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_FAILURE_CODE } from '../../protocol/traces.js';
import { describeTraceStoreContract, progressEvent } from '../../core/traces/trace-store-contract.js';
import { LATEST_TRACE_MIGRATION } from './migrations.js';
import { openSqliteTraceStore, TRACES_DB_PATH } from './open-sqlite-trace-store.js';
import { openSqliteDatabase } from './sqlite-driver.js';
import { SqliteTraceStore } from './sqlite-trace-store.js';

const folders: string[] = [];
const stores: SqliteTraceStore[] = [];

function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'cr-traces-'));
  folders.push(folder);
  return folder;
}

async function openIn(folder: string, options: { libraryId?: string } = {}): Promise<SqliteTraceStore> {
  const store = await SqliteTraceStore.open({ file: path.join(folder, TRACES_DB_PATH), ...options });
  stores.push(store);
  return store;
}

/** A second, independent connection: what another process would see on disk. */
function readRaw<T>(folder: string, sql: string, ...parameters: unknown[]): T[] {
  const db = openSqliteDatabase(path.join(folder, TRACES_DB_PATH), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<T>(sql).all(...parameters);
  } finally {
    db.close();
  }
}

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describeTraceStoreContract('SqliteTraceStore', async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'cr-traces-contract-'));
  return { store: await SqliteTraceStore.open({ file: path.join(folder, 'traces.db') }), dispose: async () => rmSync(folder, { recursive: true, force: true }) };
});

describe('SqliteTraceStore on disk', () => {
  it('creates the schema with WAL, the unique indexes and schema_version on every row', async () => {
    const folder = tempFolder();
    const store = await openIn(folder);
    const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
    await store.appendEvent(round.round_id, progressEvent(0));
    expect(readRaw<{ journal_mode: string }>(folder, 'PRAGMA journal_mode')[0]?.journal_mode).toBe('wal');
    expect(readRaw<{ user_version: number }>(folder, 'PRAGMA user_version')[0]?.user_version).toBe(LATEST_TRACE_MIGRATION);
    const indexes = readRaw<{ name: string; sql: string }>(folder, "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL");
    expect(indexes.find((index) => index.name === 'rounds_conversation_seq')?.sql).toMatch(/UNIQUE INDEX .*\(conversation_id, round_seq\)/);
    expect(indexes.find((index) => index.name === 'events_round_seq')?.sql).toMatch(/UNIQUE INDEX .*\(round_id, event_seq\)/);
    const roundColumns = readRaw<{ name: string }>(folder, 'PRAGMA table_info(rounds)').map((column) => column.name);
    expect(roundColumns.sort()).toEqual(Object.keys(round).sort());
    expect(readRaw(folder, 'SELECT schema_version FROM rounds UNION ALL SELECT schema_version FROM events')).toEqual([{ schema_version: 1 }, { schema_version: 1 }]);
    expect(readRaw(folder, "SELECT value FROM meta WHERE key = 'schema_version'")).toEqual([{ value: '1' }]);
  });

  it('keeps everything across a reopen, with a stable library id', async () => {
    const folder = tempFolder();
    const first = await openIn(folder);
    const round = await first.beginRound({ conversation_id: 'c1', state_in: 'research', audio_id: 'aud-9' });
    await Promise.all([0, 1, 2].map((index) => first.appendEvent(round.round_id, progressEvent(index))));
    const finished = await first.finishRound(round.round_id, { status: 'ok', state_out: 'default' });
    const before = await first.getRound(round.round_id);
    await first.close();
    const second = await openIn(folder);
    expect(second.libraryId).toBe(first.libraryId);
    expect(await second.getRound(round.round_id)).toEqual(before);
    expect(before?.round).toEqual(finished);
    expect((await second.beginRound({ conversation_id: 'c1', state_in: 'default' })).round_seq).toBe(2);
  });

  it('lets CONTROL_ROOM_LIBRARY_ID override the stored library id without replacing it', async () => {
    const folder = tempFolder();
    const plain = await openSqliteTraceStore(folder, { env: {} });
    const stored = plain.libraryId;
    await plain.close();
    const overridden = await openSqliteTraceStore(folder, { env: { CONTROL_ROOM_LIBRARY_ID: 'lib-shared-laptop' } });
    stores.push(overridden);
    expect(overridden.libraryId).toBe('lib-shared-laptop');
    expect((await overridden.beginRound({ conversation_id: 'c', state_in: 'default' })).library_id).toBe('lib-shared-laptop');
    await overridden.close();
    const again = await openIn(folder);
    expect(again.libraryId).toBe(stored);
    const fresh = tempFolder();
    expect((await openIn(fresh, { libraryId: 'given' })).libraryId).toBe('given');
    const persisted = readRaw<{ value: string }>(fresh, "SELECT value FROM meta WHERE key = 'library_id'");
    expect(persisted).toHaveLength(1);
    expect(persisted[0]?.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('recovers a round left open by a store closed without finishing as partial, keeping its events', async () => {
    const folder = tempFolder();
    const crashed = await openIn(folder);
    const round = await crashed.beginRound({ conversation_id: 'c1', state_in: 'default' });
    const done = await crashed.beginRound({ conversation_id: 'c1', state_in: 'default' });
    await crashed.finishRound(done.round_id, { status: 'ok' });
    await Promise.all([0, 1, 2, 3].map((index) => crashed.appendEvent(round.round_id, progressEvent(index))));
    await crashed.close();
    const reopened = await openIn(folder);
    const traced = await reopened.getRound(round.round_id);
    expect(traced?.round).toMatchObject({ status: 'partial', failure_code: INTERRUPTED_FAILURE_CODE });
    expect(traced?.events.map((event) => [event.event_seq, event.event_type, event.payload.progress])).toEqual([
      [1, 'job.progress', 0],
      [2, 'job.progress', 1],
      [3, 'job.progress', 2],
      [4, 'job.progress', 3],
      [5, 'round.failed', undefined],
    ]);
    expect(traced?.events[4]).toMatchObject({ status: 'failed', failure_code: 'interrupted', payload: { failure_code: 'interrupted' } });
    expect((await reopened.getRound(done.round_id))?.round.status).toBe('ok');
    await expect(reopened.appendEvent(round.round_id, progressEvent(9))).rejects.toMatchObject({ code: 'trace_round_closed' });
    expect(readRaw(folder, 'SELECT round_id FROM round_writers')).toEqual([]);
  });

  it('leaves the open rounds of a store still open in this process alone', async () => {
    const folder = tempFolder();
    const live = await openIn(folder);
    const round = await live.beginRound({ conversation_id: 'c1', state_in: 'default' });
    await live.appendEvent(round.round_id, progressEvent(0));
    const reader = await openIn(folder);
    expect((await reader.getRound(round.round_id))?.round.status).toBe('open');
    await live.appendEvent(round.round_id, progressEvent(1));
    expect((await live.finishRound(round.round_id, { status: 'ok' })).status).toBe('ok');
    expect((await reader.getRound(round.round_id))?.events).toHaveLength(2);
  });

  it('recovers rounds whose writer is another host or a process that no longer exists', async () => {
    const folder = tempFolder();
    const writer = await openIn(folder);
    const elsewhere = await writer.beginRound({ conversation_id: 'c1', state_in: 'default' });
    const gone = await writer.beginRound({ conversation_id: 'c2', state_in: 'default' });
    await writer.close();
    const db = openSqliteDatabase(path.join(folder, TRACES_DB_PATH));
    db.prepare('UPDATE round_writers SET host = ? WHERE round_id = ?').run('another-machine', elsewhere.round_id);
    // Pid 2^22 + 1 is above Linux's pid_max and any macOS or Windows pid in practice: no such process.
    db.prepare('UPDATE round_writers SET instance_id = ?, pid = ? WHERE round_id = ?').run('old', 4_194_305, gone.round_id);
    db.close();
    const reopened = await openIn(folder);
    expect((await reopened.listRounds()).map((header) => header.status)).toEqual(['partial', 'partial']);
  });

  it('commits a burst of appends in one transaction and a spread-out append within a tick', async () => {
    const folder = tempFolder();
    const store = await openIn(folder);
    const round = await store.beginRound({ conversation_id: 'c1', state_in: 'default' });
    const before = store.stats.flushes;
    await Promise.all(Array.from({ length: 500 }, (_, index) => store.appendEvent(round.round_id, progressEvent(index))));
    expect(store.stats.flushes - before).toBe(1);
    expect(readRaw(folder, 'SELECT COUNT(*) AS count FROM events')).toEqual([{ count: 500 }]);
    const single = await store.appendEvent(round.round_id, progressEvent(500));
    // Resolved means committed: another connection sees it at once.
    expect(readRaw(folder, 'SELECT event_seq FROM events WHERE round_id = ? ORDER BY event_seq DESC LIMIT 1', round.round_id)).toEqual([{ event_seq: single.event_seq }]);
    expect(store.stats).toEqual({ flushes: before + 2, eventsWritten: 501 });
  });

  it('takes over a round begun by a store that closed, continuing its numbering', async () => {
    const folder = tempFolder();
    const first = await openIn(folder);
    const round = await first.beginRound({ conversation_id: 'c1', state_in: 'default' });
    await first.appendEvent(round.round_id, { event_type: 'round.failed', payload: { failure_code: 'tool.error', failure_reason: 'disk' } });
    const second = await openIn(folder);
    await first.close();
    // The round belongs to `first`, which is closed; `second` opened before that, so did not recover it.
    expect((await second.appendEvent(round.round_id, progressEvent(1))).event_seq).toBe(2);
    expect(await second.finishRound(round.round_id, { status: 'failed' })).toMatchObject({ failure_code: 'tool.error' });
    expect((await second.getRound(round.round_id))?.events.map((event) => event.event_type)).toEqual(['round.failed', 'job.progress']);
  });

  it('pages an export of many rounds while writes continue', async () => {
    const folder = tempFolder();
    const store = await openIn(folder);
    const headers = [];
    for (let index = 0; index < 600; index += 1) headers.push(await store.beginRound({ conversation_id: `c${index % 7}`, state_in: 'default' }));
    const live = headers[0]!;
    let seen = 0;
    for await (const traced of store.exportRounds()) {
      expect(traced.round.round_id).toBe(headers[seen]?.round_id);
      seen += 1;
      if (seen % 100 === 0) await store.appendEvent(live.round_id, progressEvent(seen));
    }
    expect(seen).toBe(600);
    expect((await store.getRound(live.round_id))?.events).toHaveLength(6);
  });

  it('refuses a database from a newer build and a file that is not a database', async () => {
    const folder = tempFolder();
    const store = await openIn(folder);
    await store.close();
    const db = openSqliteDatabase(path.join(folder, TRACES_DB_PATH));
    db.pragma(`user_version = ${LATEST_TRACE_MIGRATION + 1}`);
    db.close();
    await expect(openIn(folder)).rejects.toMatchObject({ code: 'trace_store_too_new' });
    const junk = tempFolder();
    const file = path.join(junk, 'traces.db');
    writeFileSync(file, 'this is not sqlite, just a text file that is long enough to have a header page…'.repeat(20));
    await expect(SqliteTraceStore.open({ file })).rejects.toMatchObject({ code: 'trace_store_unreadable' });
  });
});
