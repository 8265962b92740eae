/**
 * Decision record — one transaction per flush, not per round.
 * The thinking-router plan asks that "all writes for a round happen inside one transaction". A
 * round spans model calls lasting seconds, and a crash in the middle must keep the events written
 * so far (the plan's own durability rule), which one long transaction would roll back. So events
 * are queued and written in ONE transaction per flush, a flush being scheduled with setImmediate:
 * a burst of events (in one round or several) commits together, while a real round, whose events
 * are spread out over model latency, has each event durable within a tick. A round whose writer
 * dies stays `open` on disk and is recovered as `partial` (with a `round.failed` `interrupted`
 * event after its last event) by the next store that opens the database.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { v7 as uuidv7 } from 'uuid';
import { ControlRoomError, isControlRoomError, TRACE_SCHEMA_VERSION, type RoundEvent, type RoundHeader, type TracedRound } from '../../protocol/index.js';
import type { AppendEventInput, BeginRoundInput, Clock, FinishRoundInput, Ids, TraceStore } from '../../core/ports/index.js';
import {
  buildEvent,
  buildRoundHeader,
  KeyedLock,
  normalizeListFilter,
  planFinish,
  prepareEvent,
  prepareRound,
  roundClosed,
  roundNotFound,
  storeClosed,
  type FinishPlan,
  type PreparedRound,
} from '../../core/traces/index.js';
import { migrateTraceDatabase } from './migrations.js';
import { recoverInterruptedRounds } from './recover-interrupted-rounds.js';
import { openSqliteDatabase, sqliteErrorCode, type SqliteDatabase } from './sqlite-driver.js';
import { eventParameters, prepareTraceStatements, rowToEvent, rowToHeader, type TraceStatements } from './trace-rows.js';
import { currentWriter, setInstanceLive, type WriterIdentity } from './writer-liveness.js';
import { writeFailure } from './write-failure.js';
import { FlushQueue } from './flush-queue.js';

export interface SqliteTraceStoreOptions {
  /** The database file, normally `<workspace>/.control-room/traces.db`; its folder is created. */
  file: string;
  /** Overrides the library id stored in the database (not persisted), e.g. from `CONTROL_ROOM_LIBRARY_ID`. */
  libraryId?: string;
  clock?: Clock;
  ids?: Pick<Ids, 'uuidv7'>;
  /** How long a write waits for another process's write lock (default 5000 ms). */
  busyTimeoutMs?: number;
}

/** Counters for tests, benchmarks and diagnostics. */
export interface TraceWriteStats {
  /** Write transactions run for queued events and finishes. */
  flushes: number;
  /** Events committed by this instance (recovery events not included). */
  eventsWritten: number;
}

interface WrittenRound {
  nextSeq: number;
  finishing: boolean;
  failed: { failure_code: string | null; failure_reason: string | null } | null;
}

type PendingWrite =
  | { kind: 'event'; event: RoundEvent; payloadJson: string }
  | { kind: 'finish'; roundId: string; plan: FinishPlan; failedEvent: { event: RoundEvent; payloadJson: string } | null };

/** A burst larger than this is written at once rather than held until the next tick. */
const MAX_PENDING_WRITES = 5000;
const EXPORT_PAGE_SIZE = 256;
const BEGIN_ATTEMPTS = 5;
const wallClock: Clock = { nowMs: () => Date.now(), nowIso: () => new Date().toISOString() };

/** Open stores of this process, flushed synchronously if the process exits with writes queued. */
const openStores = new Set<SqliteTraceStore>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const store of openStores) store.flushPendingSync();
  });
}

/** Decision traces in SQLite (WAL): `rounds`, `events`, `meta`; safe for many concurrent async callers. */
export class SqliteTraceStore implements TraceStore {
  readonly libraryId: string;
  /** Absolute path of the database file. */
  readonly file: string;
  private readonly db: SqliteDatabase;
  private readonly statements: TraceStatements;
  private readonly clock: Clock;
  private readonly ids: Pick<Ids, 'uuidv7'>;
  private readonly writer: WriterIdentity;
  private readonly conversationLock = new KeyedLock();
  /** Rounds this instance writes, with their next `event_seq`. */
  private readonly writing = new Map<string, WrittenRound>();
  private readonly writes: FlushQueue<PendingWrite, RoundEvent | RoundHeader>;
  private closed = false;
  private eventsWritten = 0;

  private constructor(options: SqliteTraceStoreOptions) {
    this.file = path.resolve(options.file);
    this.clock = options.clock ?? wallClock;
    this.ids = options.ids ?? { uuidv7: () => uuidv7() };
    this.writer = currentWriter(this.ids.uuidv7());
    mkdirSync(path.dirname(this.file), { recursive: true });
    this.db = openDatabase(this.file, options.busyTimeoutMs ?? 5000);
    try {
      migrateTraceDatabase(this.db);
      this.statements = prepareTraceStatements(this.db);
      // The stored id is made on first open even when overridden, so it never depends on the environment.
      const stored = this.storedLibraryId();
      this.libraryId = options.libraryId ?? stored;
      recoverInterruptedRounds(this.db, this.statements, this.clock.nowIso());
    } catch (error) {
      this.db.close();
      throw isControlRoomError(error) ? error : writeFailure(error);
    }
    this.writes = new FlushQueue({
      db: this.db,
      apply: (write) => this.apply(write),
      settled: (write, error) => this.afterWrite(write, error),
      mapError: (error) => (isControlRoomError(error) ? error : writeFailure(error)),
      maxPending: MAX_PENDING_WRITES,
    });
    setInstanceLive(this.writer.instance_id, true);
    openStores.add(this);
    installExitHook();
  }

  /** Opens (creating and migrating when needed) the database, then recovers rounds whose writer is gone. */
  static async open(options: SqliteTraceStoreOptions): Promise<SqliteTraceStore> {
    return new SqliteTraceStore(options);
  }

  /** Write counters of this instance. */
  get stats(): TraceWriteStats {
    return { flushes: this.writes.flushes, eventsWritten: this.eventsWritten };
  }

  async beginRound(input: BeginRoundInput): Promise<RoundHeader> {
    this.ensureOpen();
    const prepared = prepareRound(input);
    return this.conversationLock.run(prepared.conversation_id, () => this.insertRound(prepared));
  }

  async appendEvent(roundId: string, input: AppendEventInput): Promise<RoundEvent> {
    this.ensureOpen();
    const round = this.writtenRound(roundId);
    if (round.finishing) throw roundClosed(roundId, 'being finished');
    const prepared = prepareEvent(input);
    // Numbered now, before any await, so events keep the order of the calls.
    const event = buildEvent(roundId, round.nextSeq, this.clock.nowIso(), prepared);
    round.nextSeq += 1;
    if (event.event_type === 'round.failed') round.failed = { failure_code: event.failure_code, failure_reason: event.failure_reason };
    return this.writes.push({ kind: 'event', event, payloadJson: prepared.payload_json }) as Promise<RoundEvent>;
  }

  async finishRound(roundId: string, input: FinishRoundInput): Promise<RoundHeader> {
    this.ensureOpen();
    const round = this.writtenRound(roundId);
    const plan = planFinish({ round_id: roundId, status: 'open', finishing: round.finishing, failed: round.failed }, input);
    let failedEvent: { event: RoundEvent; payloadJson: string } | null = null;
    if (plan.failedEvent !== null) {
      const prepared = prepareEvent(plan.failedEvent);
      failedEvent = { event: buildEvent(roundId, round.nextSeq, this.clock.nowIso(), prepared), payloadJson: prepared.payload_json };
      round.nextSeq += 1;
    }
    round.finishing = true;
    return this.writes.push({ kind: 'finish', roundId, plan, failedEvent }) as Promise<RoundHeader>;
  }

  async getRound(roundId: string): Promise<TracedRound | null> {
    this.ensureOpen();
    this.flushPendingSync();
    return this.readTracedRound(roundId);
  }

  async listRounds(filter?: { conversation_id?: string; limit?: number }): Promise<RoundHeader[]> {
    this.ensureOpen();
    const { conversation_id, limit } = normalizeListFilter(filter);
    this.flushPendingSync();
    const rows = conversation_id === null ? this.statements.listRecent.all(limit) : this.statements.listConversation.all(conversation_id, limit);
    return rows.map(rowToHeader);
  }

  /**
   * Pages through the rounds by (created_at, round_seq, round_id) instead of holding one cursor
   * open: better-sqlite3 refuses other statements on a connection while an iterator is open, and
   * the consumer may await between rounds while this store keeps writing.
   */
  async *exportRounds(): AsyncIterable<TracedRound> {
    this.ensureOpen();
    this.flushPendingSync();
    let page = this.statements.exportFirstPage.all(EXPORT_PAGE_SIZE);
    while (page.length > 0) {
      for (const row of page) {
        this.ensureOpen();
        this.flushPendingSync();
        const traced = this.readTracedRound(row.round_id);
        if (traced !== null) yield traced;
      }
      const last = page[page.length - 1]!;
      this.ensureOpen();
      page = this.statements.exportNextPage.all(last.created_at, last.round_seq, last.round_id, EXPORT_PAGE_SIZE);
    }
  }

  async *exportJsonl(): AsyncIterable<string> {
    for await (const traced of this.exportRounds()) yield JSON.stringify(traced);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flushPendingSync();
    this.closed = true;
    setInstanceLive(this.writer.instance_id, false);
    openStores.delete(this);
    this.db.close();
  }

  /** Writes every queued event and finish now, in one transaction (also used at process exit). */
  flushPendingSync(): void {
    if (!this.closed) this.writes.flush();
  }

  private apply(write: PendingWrite): RoundEvent | RoundHeader {
    if (write.kind === 'event') {
      this.statements.insertEvent.run(...eventParameters(write.event, write.payloadJson));
      return write.event;
    }
    if (write.failedEvent !== null) this.statements.insertEvent.run(...eventParameters(write.failedEvent.event, write.failedEvent.payloadJson));
    const { plan } = write;
    const changed = this.statements.finishRound.run({
      round_id: write.roundId,
      status: plan.status,
      state_out: plan.state_out,
      failure_code: plan.failure_code,
      failure_reason: plan.failure_reason,
    });
    const row = this.statements.readRound.get(write.roundId);
    // Another store may have recovered this round as interrupted while we were presumed dead.
    if (changed.changes !== 1 || row === undefined) throw roundClosed(write.roundId, row?.status ?? 'gone');
    this.statements.releaseWriter.run(write.roundId);
    return rowToHeader(row);
  }

  private afterWrite(write: PendingWrite, error: unknown): void {
    if (error === null) {
      this.eventsWritten += write.kind === 'event' || write.failedEvent !== null ? 1 : 0;
      if (write.kind === 'finish') this.writing.delete(write.roundId);
      return;
    }
    // A finish that could not be written leaves the round open, so the caller may finish it again.
    const round = write.kind === 'finish' ? this.writing.get(write.roundId) : undefined;
    if (round !== undefined) round.finishing = false;
  }

  private async insertRound(prepared: PreparedRound): Promise<RoundHeader> {
    for (let attempt = 1; ; attempt += 1) {
      this.ensureOpen();
      try {
        const header = this.db
          .transaction(() => {
            // Inside BEGIN IMMEDIATE no other process can allocate between the read and the insert;
            // the unique (conversation_id, round_seq) index is the last line of defence.
            const round_seq = (this.statements.lastRoundSeq.get(prepared.conversation_id)?.last ?? 0) + 1;
            const allocated = { library_id: this.libraryId, round_id: this.ids.uuidv7(), round_seq, created_at: this.clock.nowIso() };
            const built = buildRoundHeader(prepared, allocated);
            this.statements.insertRound.run(built);
            this.claimWriter(built.round_id, built.created_at);
            return built;
          })
          .immediate();
        this.writing.set(header.round_id, { nextSeq: 1, finishing: false, failed: null });
        return header;
      } catch (error) {
        const code = sqliteErrorCode(error);
        const retryable = code === 'SQLITE_BUSY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
        if (!retryable || attempt >= BEGIN_ATTEMPTS) throw isControlRoomError(error) ? error : writeFailure(error);
        await delay(attempt * 20);
      }
    }
  }

  /**
   * The round's write state; a round this instance did not begin (begun by a store since closed)
   * is taken over, its numbering continuing after its last stored event.
   */
  private writtenRound(roundId: string): WrittenRound {
    const known = this.writing.get(roundId);
    if (known !== undefined) return known;
    const row = this.statements.readRound.get(roundId);
    if (row === undefined) throw roundNotFound(roundId);
    if (row.status !== 'open') throw roundClosed(roundId, row.status);
    const adopted: WrittenRound = {
      nextSeq: (this.statements.lastEventSeq.get(roundId)?.last ?? 0) + 1,
      finishing: false,
      failed: this.statements.lastFailedEvent.get(roundId) ?? null,
    };
    try {
      this.claimWriter(roundId, this.clock.nowIso());
    } catch (error) {
      throw writeFailure(error);
    }
    this.writing.set(roundId, adopted);
    return adopted;
  }

  private claimWriter(roundId: string, since: string): void {
    this.statements.claimWriter.run({ round_id: roundId, schema_version: TRACE_SCHEMA_VERSION, ...this.writer, since });
  }

  private readTracedRound(roundId: string): TracedRound | null {
    // One read transaction, so the header and its events come from the same snapshot.
    return this.db.transaction(() => {
      const row = this.statements.readRound.get(roundId);
      if (row === undefined) return null;
      return { round: rowToHeader(row), events: this.statements.readEvents.all(roundId).map(rowToEvent) };
    })();
  }

  private storedLibraryId(): string {
    const stored = this.statements.readMeta.get('library_id');
    if (stored !== undefined) return stored.value;
    // Two processes opening a new database at once must agree: insert-if-missing, then read back.
    this.db.transaction(() => this.statements.insertMetaIfMissing.run('library_id', this.ids.uuidv7())).immediate();
    return this.statements.readMeta.get('library_id')!.value;
  }

  private ensureOpen(): void {
    if (this.closed) throw storeClosed();
  }
}

function openDatabase(file: string, busyTimeoutMs: number): SqliteDatabase {
  let db: SqliteDatabase | undefined;
  try {
    db = openSqliteDatabase(file, { busyTimeoutMs });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db?.close();
    throw new ControlRoomError(
      'trace_store_unreadable',
      `Cannot open the trace database ${file}: ${error instanceof Error ? error.message : String(error)}. Check that it is a Control Room traces.db you may write; if it is damaged, move it aside and a new one will be created.`,
      { fault: 'system', cause: error },
    );
  }
}
