import { v7 as uuidv7 } from 'uuid';
import type { RoundEvent, RoundHeader, TracedRound } from '../../protocol/index.js';
import type { AppendEventInput, BeginRoundInput, Clock, FinishRoundInput, Ids, TraceStore } from '../ports/index.js';
import { KeyedLock } from './keyed-lock.js';
import { normalizeListFilter } from './normalize-list-filter.js';
import { planFinish } from './plan-finish.js';
import { buildEvent, prepareEvent } from './prepare-event.js';
import { buildRoundHeader, prepareRound } from './prepare-round.js';
import { roundClosed, roundNotFound, storeClosed } from './trace-errors.js';
import { compareRoundsOldestFirst, sortRoundsNewestFirst } from './compare-rounds.js';

export interface InMemoryTraceStoreOptions {
  /** Defaults to a fresh UUIDv7. */
  libraryId?: string;
  clock?: Clock;
  ids?: Pick<Ids, 'uuidv7'>;
}

interface StoredRound {
  header: RoundHeader;
  events: RoundEvent[];
  finishing: boolean;
  failed: { failure_code: string | null; failure_reason: string | null } | null;
}

const wallClock: Clock = { nowMs: () => Date.now(), nowIso: () => new Date().toISOString() };

/**
 * A `TraceStore` held in memory, with the same rules as the SQLite store (it passes the same
 * contract suite): for tests, and for library users who want traces without a database.
 * Everything returned is a copy, so callers cannot change what was stored.
 */
export class InMemoryTraceStore implements TraceStore {
  readonly libraryId: string;
  private readonly clock: Clock;
  private readonly ids: Pick<Ids, 'uuidv7'>;
  private readonly rounds = new Map<string, StoredRound>();
  private readonly lastRoundSeq = new Map<string, number>();
  private readonly conversationLock = new KeyedLock();
  private closed = false;

  constructor(options: InMemoryTraceStoreOptions = {}) {
    this.clock = options.clock ?? wallClock;
    this.ids = options.ids ?? { uuidv7: () => uuidv7() };
    this.libraryId = options.libraryId ?? this.ids.uuidv7();
  }

  async beginRound(input: BeginRoundInput): Promise<RoundHeader> {
    this.ensureOpen();
    const prepared = prepareRound(input);
    // Nothing here awaits, so the lock is not needed for correctness today; it keeps the same
    // shape as the SQLite store, where allocation and insert are one critical section.
    return this.conversationLock.run(prepared.conversation_id, () => {
      this.ensureOpen();
      const round_seq = (this.lastRoundSeq.get(prepared.conversation_id) ?? 0) + 1;
      const header = buildRoundHeader(prepared, { library_id: this.libraryId, round_id: this.ids.uuidv7(), round_seq, created_at: this.clock.nowIso() });
      this.lastRoundSeq.set(prepared.conversation_id, round_seq);
      this.rounds.set(header.round_id, { header, events: [], finishing: false, failed: null });
      return structuredClone(header);
    });
  }

  async appendEvent(roundId: string, input: AppendEventInput): Promise<RoundEvent> {
    const round = this.openRound(roundId);
    if (round.header.status !== 'open') throw roundClosed(roundId, round.header.status);
    const prepared = prepareEvent(input);
    const event = buildEvent(roundId, round.events.length + 1, this.clock.nowIso(), prepared);
    round.events.push(event);
    if (event.event_type === 'round.failed') round.failed = { failure_code: event.failure_code, failure_reason: event.failure_reason };
    return structuredClone(event);
  }

  async finishRound(roundId: string, input: FinishRoundInput): Promise<RoundHeader> {
    const round = this.openRound(roundId);
    const plan = planFinish({ round_id: roundId, status: round.header.status, finishing: round.finishing, failed: round.failed }, input);
    if (plan.failedEvent !== null) round.events.push(buildEvent(roundId, round.events.length + 1, this.clock.nowIso(), prepareEvent(plan.failedEvent)));
    round.header = { ...round.header, status: plan.status, state_out: plan.state_out, failure_code: plan.failure_code, failure_reason: plan.failure_reason };
    return structuredClone(round.header);
  }

  async getRound(roundId: string): Promise<TracedRound | null> {
    this.ensureOpen();
    const round = this.rounds.get(roundId);
    return round === undefined ? null : structuredClone({ round: round.header, events: round.events });
  }

  async listRounds(filter?: { conversation_id?: string; limit?: number }): Promise<RoundHeader[]> {
    this.ensureOpen();
    const { conversation_id, limit } = normalizeListFilter(filter);
    const headers = [...this.rounds.values()].map((round) => round.header).filter((header) => conversation_id === null || header.conversation_id === conversation_id);
    return structuredClone(sortRoundsNewestFirst(headers, conversation_id !== null).slice(0, limit));
  }

  async *exportRounds(): AsyncIterable<TracedRound> {
    this.ensureOpen();
    const order = [...this.rounds.values()].sort((a, b) => compareRoundsOldestFirst(a.header, b.header));
    for (const round of order) {
      this.ensureOpen();
      yield structuredClone({ round: round.header, events: round.events });
    }
  }

  async *exportJsonl(): AsyncIterable<string> {
    for await (const traced of this.exportRounds()) yield JSON.stringify(traced);
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private ensureOpen(): void {
    if (this.closed) throw storeClosed();
  }

  private openRound(roundId: string): StoredRound {
    this.ensureOpen();
    const round = this.rounds.get(roundId);
    if (round === undefined) throw roundNotFound(roundId);
    return round;
  }
}
