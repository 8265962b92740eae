import { ControlRoomError, type ConversationState } from '../../protocol/index.js';
import { AUTH_SCHEMA_VERSION, type ConversationStateRecord } from '../../protocol/auth.js';
import type { Clock } from '../ports/index.js';
import { KeyedLock } from '../traces/index.js';
import type { ConversationStateStore } from './conversation-state-store.js';

/** Conversation ids name state files, so only these characters. */
const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Throws `conversation_id_invalid` unless the id is safe as a file name. */
export function requireConversationId(conversationId: string): string {
  if (!CONVERSATION_ID.test(conversationId)) {
    throw new ControlRoomError('conversation_id_invalid', `The conversation id ${JSON.stringify(conversationId)} is not allowed: use 1–128 letters, digits, "-" or "_".`);
  }
  return conversationId;
}

/** A conversation's state as the UI shows it. */
export interface StateView {
  conversationId: string;
  state: ConversationState;
  /** A change waiting for the next round boundary. */
  pending: ConversationState | null;
  roundOpen: boolean;
}

/**
 * The conversation state machine (SPEC §9): `state` is fixed for a round. A change asked for at any
 * time is queued and applied only at a round boundary — when the current round ends, or when the
 * next one starts if none is running — and each round records the state it ran in (`state_in`) and
 * the one it handed on (`state_out`).
 *
 * Rounds of one conversation run one after another (`serialize`); a request for a change never
 * waits for a running round, only for the short read-change-write of the record.
 */
export class ConversationStates {
  private readonly rounds = new KeyedLock();
  private readonly records = new KeyedLock();
  /**
   * Conversations with a round running in this process. Kept in memory, not written at every
   * round's start and end: the record on disk changes only when the state or a queued change
   * does, so a round costs no writes of its own.
   */
  private readonly open = new Set<string>();

  constructor(
    private readonly store: ConversationStateStore,
    private readonly clock: Clock,
  ) {}

  /** The current state and any queued change. */
  async current(conversationId: string): Promise<StateView> {
    return view(await this.load(requireConversationId(conversationId)));
  }

  /** Queues a change; it applies at the next round boundary, never in the middle of a round. */
  async requestChange(conversationId: string, next: ConversationState): Promise<StateView> {
    return view(await this.change(conversationId, (record) => ({ ...record, pending: next === record.state && !record.round_open ? null : next })));
  }

  /** Runs one round of a conversation after the previous round of the same conversation ended. */
  serialize<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
    return this.rounds.run(requireConversationId(conversationId), work);
  }

  /** Opens a round: applies a change queued between rounds, then fixes the state (`state_in`). */
  async beginRound(conversationId: string): Promise<ConversationState> {
    this.open.add(requireConversationId(conversationId));
    const record = await this.change(conversationId, (current) => this.applyPending(current));
    return record.state;
  }

  /** Closes a round: a change queued during it applies now (`state_out`). */
  async endRound(conversationId: string): Promise<ConversationState> {
    try {
      const record = await this.change(conversationId, (current) => this.applyPending(current));
      return record.state;
    } finally {
      this.open.delete(conversationId);
    }
  }

  private applyPending(record: ConversationStateRecord): ConversationStateRecord {
    if (record.pending === null) return record;
    if (record.pending === record.state) return { ...record, pending: null };
    return { ...record, state: record.pending, pending: null, last_transition: { from: record.state, to: record.pending, at: this.clock.nowIso() } };
  }

  private change(conversationId: string, apply: (record: ConversationStateRecord) => ConversationStateRecord): Promise<ConversationStateRecord> {
    const id = requireConversationId(conversationId);
    return this.records.run(id, async () => {
      const current = await this.load(id);
      const next = apply(current);
      if (next.state === current.state && next.pending === current.pending && next.last_transition === current.last_transition) return next;
      const changed = { ...next, updated_at: this.clock.nowIso() };
      await this.store.save({ ...changed, round_open: false });
      return changed;
    });
  }

  private async load(conversationId: string): Promise<ConversationStateRecord> {
    const stored = await this.store.load(conversationId);
    const record = stored ?? {
      schema_version: AUTH_SCHEMA_VERSION,
      conversation_id: conversationId,
      state: 'default',
      pending: null,
      round_open: false,
      last_transition: null,
      updated_at: this.clock.nowIso(),
    };
    return { ...record, round_open: this.open.has(conversationId) };
  }
}

function view(record: ConversationStateRecord): StateView {
  return { conversationId: record.conversation_id, state: record.state, pending: record.pending, roundOpen: record.round_open };
}
