/**
 * Trace writes: events per second through `SqliteTraceStore` (queued appends, one transaction per
 * flush) against the naive way — one autocommit INSERT per event — on the same schema, pragmas
 * (WAL, synchronous=NORMAL) and payloads. The baseline skips our validation and JSON round trip,
 * so the ratio understates the gain of grouping writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRACE_SCHEMA_VERSION } from '../src/protocol/index.js';
import { SqliteTraceStore } from '../src/adapters/sqlite-trace-store/index.js';
import { migrateTraceDatabase } from '../src/adapters/sqlite-trace-store/migrations.js';
import { openSqliteDatabase } from '../src/adapters/sqlite-trace-store/sqlite-driver.js';
import { result, type Benchmark } from './harness.js';

const ROUNDS = 100;
const EVENTS_PER_ROUND = 500;
const TOTAL = ROUNDS * EVENTS_PER_ROUND;
const TARGET = 50_000;
const RUNS = 3;

/** A tool result of realistic size (a few hundred bytes), different for each event. */
function payload(index: number): Record<string, unknown> {
  return {
    tool_id: 'file_reader',
    call_id: `call-${index}`,
    latency_ms: index % 37,
    status: 'ok',
    result: { path: 'Story/Scenes/SCN-04-the-lamp-room.md', start_line: index % 200, end_line: (index % 200) + 12, excerpt: 'Mara set the lamp down on the sill. '.repeat(6) },
  };
}

function withFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'cr-bench-traces-'));
  return work(folder).finally(() => rmSync(folder, { recursive: true, force: true }));
}

/** Our store: each round's events fired as one burst, as the tool loop does after a batch of tool calls. */
async function throughStore(): Promise<number> {
  return withFolder(async (folder) => {
    const store = await SqliteTraceStore.open({ file: path.join(folder, 'traces.db') });
    const start = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      const header = await store.beginRound({ conversation_id: `c${round % 10}`, state_in: 'default' });
      await Promise.all(Array.from({ length: EVENTS_PER_ROUND }, (_, index) => store.appendEvent(header.round_id, { event_type: 'tool.response', payload: payload(index) })));
      await store.finishRound(header.round_id, { status: 'ok' });
    }
    const seconds = (performance.now() - start) / 1000;
    await store.close();
    return TOTAL / seconds;
  });
}

/**
 * The naive writer: same schema and pragmas, one autocommit INSERT per event. With
 * `oneTransaction`, the same inserts in a single transaction: the machine's floor, no validation.
 */
async function rawInserts(oneTransaction: boolean): Promise<number> {
  return withFolder(async (folder) => {
    const db = openSqliteDatabase(path.join(folder, 'traces.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrateTraceDatabase(db);
    const insertRound = db.prepare(
      "INSERT INTO rounds VALUES (?, ?, 'lib', ?, ?, ?, 'default', NULL, NULL, ?, 'open', NULL, NULL)",
    );
    const insertEvent = db.prepare("INSERT INTO events VALUES (?, ?, ?, 'tool.response', ?, ?, ?, 'ok', NULL, NULL)");
    const finish = db.prepare("UPDATE rounds SET status = 'ok' WHERE round_id = ?");
    const start = performance.now();
    if (oneTransaction) db.exec('BEGIN');
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundId = `round-${round}`;
      insertRound.run(roundId, TRACE_SCHEMA_VERSION, `bucket:c${round % 10}`, `c${round % 10}`, Math.floor(round / 10) + 1, new Date().toISOString());
      for (let index = 0; index < EVENTS_PER_ROUND; index += 1) {
        insertEvent.run(roundId, index + 1, TRACE_SCHEMA_VERSION, `call-${index}`, new Date().toISOString(), JSON.stringify(payload(index)));
      }
      finish.run(roundId);
    }
    if (oneTransaction) db.exec('COMMIT');
    const seconds = (performance.now() - start) / 1000;
    db.close();
    return TOTAL / seconds;
  });
}

async function median(measure: () => Promise<number>): Promise<number> {
  const values: number[] = [];
  for (let run = 0; run < RUNS; run += 1) values.push(await measure());
  return values.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const benchmark: Benchmark = {
  name: 'trace-writes',
  run: async () => {
    const ours = await median(throughStore);
    const baseline = await median(() => rawInserts(false));
    const floor = await median(() => rawInserts(true));
    const met = ours >= TARGET;
    const rate = (value: number): string => Math.round(value).toLocaleString('en-US');
    return result(
      'trace-writes',
      `${ROUNDS} rounds × ${EVENTS_PER_ROUND} events (${TOTAL.toLocaleString('en-US')} tool.response events, ~400 B payloads), median of ${RUNS}`,
      { label: 'SqliteTraceStore (one transaction per flush)', opsPerSecond: ours },
      { label: 'autocommit INSERT per event', opsPerSecond: baseline },
      [
        `target ≥ ${TARGET.toLocaleString('en-US')} events/s through the store: ${met ? 'met' : 'NOT met'} on this machine (${rate(ours)} events/s)`,
        `for scale: the same inserts in one single transaction, with no validation, run at ${rate(floor)}/s here (the machine's floor for this schema); the store reaches ${Math.round((ours / floor) * 100)}% of it`,
        'ours includes taxonomy validation, the JSON round trip and promise settling per event; the baseline only inserts',
      ],
    );
  },
};

export default benchmark;
