/**
 * Decision traces (`.control-room/traces.db`), after the thinking-router plan's data contracts:
 * one header per round and ordered events of a fixed taxonomy, each with `schema_version`.
 */
import { z } from 'zod';

export const TRACE_SCHEMA_VERSION = 1;

export const EVENT_TYPES = [
  'input.received',
  'input.normalized',
  'route.selected',
  'validator.ran',
  'llm.request',
  'llm.response',
  'tool.request',
  'tool.response',
  'job.enqueued',
  'job.progress',
  'job.result',
  'confirm.requested',
  'confirm.received',
  'command.executed',
  'command.reversed',
  'output.emitted',
  'round.failed',
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const ConversationStateSchema = z.enum(['default', 'conversation', 'action', 'research']);
export type ConversationState = z.infer<typeof ConversationStateSchema>;

/** `open` while the round runs; `partial` when it was interrupted (crash) before it closed. */
export const RoundStatusSchema = z.enum(['open', 'ok', 'partial', 'failed']);
export type RoundStatus = z.infer<typeof RoundStatusSchema>;

export interface RoundHeader {
  schema_version: number;
  library_id: string;
  bucket_id: string;
  conversation_id: string;
  /** UUIDv7. */
  round_id: string;
  /** 1, 2, 3 … per conversation, allocated under a per-conversation lock. */
  round_seq: number;
  state_in: ConversationState;
  state_out: ConversationState | null;
  audio_id: string | null;
  created_at: string;
  status: RoundStatus;
  failure_code: string | null;
  failure_reason: string | null;
}

export interface RoundEvent {
  schema_version: number;
  round_id: string;
  /** 1, 2, 3 … within the round, strictly increasing. */
  event_seq: number;
  event_type: EventType;
  call_id: string | null;
  timestamp: string;
  /** Typed per event type (see the taxonomy); secrets already replaced by `secret_ref:` tokens. */
  payload: Record<string, unknown>;
  status: 'ok' | 'failed' | 'skipped';
  failure_code: string | null;
  failure_reason: string | null;
}

/** A round with its ordered events, as exported (one JSON line per round). */
export interface TracedRound {
  round: RoundHeader;
  events: RoundEvent[];
}
