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
  payload: Record<string, unknown>;
  call_id?: string | null;
  status?: 'ok' | 'failed' | 'skipped';
  failure_code?: string | null;
  failure_reason?: string | null;
}

export interface FinishRoundInput {
  status: Exclude<RoundStatus, 'open'>;
  state_out?: ConversationState | null;
  failure_code?: string | null;
  failure_reason?: string | null;
}

/**
 * Decision traces. A round is begun (its `round_seq` allocated under a per-conversation lock),
 * gets ordered events, and is finished; a failure mid-round adds `round.failed` and keeps every
 * earlier event. Rounds left `open` by a crash are reported as `partial` after a restart.
 */
export interface TraceStore {
  readonly libraryId: string;
  beginRound(input: BeginRoundInput): Promise<RoundHeader>;
  /** Appends the next event of a round; `event_seq` is allocated here, monotonically. */
  appendEvent(roundId: string, event: AppendEventInput): Promise<RoundEvent>;
  finishRound(roundId: string, input: FinishRoundInput): Promise<RoundHeader>;
  getRound(roundId: string): Promise<TracedRound | null>;
  listRounds(filter?: { conversation_id?: string; limit?: number }): Promise<RoundHeader[]>;
  /** Every round with its ordered events, oldest first, one JSON line each. */
  exportJsonl(): AsyncIterable<string>;
  close(): Promise<void>;
}
