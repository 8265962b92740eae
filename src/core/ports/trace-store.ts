import type { ConversationState, EventType, RoundEvent, RoundHeader, RoundStatus, TracedRound } from '../../protocol/index.js';

export interface BeginRoundInput {
  conversation_id: string;
  /** Defaults to `bucket:<conversation_id>`. */
  bucket_id?: string;
  state_in: ConversationState;
  audio_id?: string | null;
}

export interface AppendEventInput {
  event_type: EventType;
  /** Must hold the taxonomy's required fields (`EVENT_PAYLOAD_SCHEMAS`) and be plain JSON. */
  payload: Record<string, unknown>;
  /** Defaults to `payload.call_id` when the payload has one (tool events). */
  call_id?: string | null;
  status?: RoundEvent['status'];
  failure_code?: string | null;
  failure_reason?: string | null;
}

export interface FinishRoundInput {
  status: Exclude<RoundStatus, 'open'>;
  state_out?: ConversationState | null;
  /**
   * Required for `failed` unless the round already has a `round.failed` event (its code is used).
   * When a `failed` (or a `partial` with a code) round has no `round.failed` event yet, the store
   * appends one with this code and reason. Not allowed with `ok`.
   */
  failure_code?: string | null;
  failure_reason?: string | null;
}

/**
 * Decision traces. A round is begun (its `round_seq` allocated under a per-conversation lock),
 * gets ordered events, and is finished; a failure mid-round adds `round.failed` and keeps every
 * earlier event. Rounds left `open` by a crash are reported as `partial` after a restart.
 *
 * A round has one writer: the store that began it. Calls may interleave freely across rounds and
 * conversations; within a round, events are numbered in the order `appendEvent` is called.
 * Failures are thrown as `ControlRoomError` with a `TRACE_ERROR_CODES` code.
 */
export interface TraceStore {
  readonly libraryId: string;
  beginRound(input: BeginRoundInput): Promise<RoundHeader>;
  /** Appends the next event of a round; `event_seq` is allocated here, monotonically; resolves once it is stored. */
  appendEvent(roundId: string, event: AppendEventInput): Promise<RoundEvent>;
  finishRound(roundId: string, input: FinishRoundInput): Promise<RoundHeader>;
  getRound(roundId: string): Promise<TracedRound | null>;
  /** Newest first (default limit 100); within a conversation, by descending `round_seq`. */
  listRounds(filter?: { conversation_id?: string; limit?: number }): Promise<RoundHeader[]>;
  /** Every round with its ordered events, oldest first (by `created_at`, then `round_seq`), read page by page. */
  exportRounds(): AsyncIterable<TracedRound>;
  /** `exportRounds` as JSON lines (no trailing newline on each string). */
  exportJsonl(): AsyncIterable<string>;
  /** Stores what is pending, then releases the store; later calls throw `trace_store_closed`. */
  close(): Promise<void>;
}
