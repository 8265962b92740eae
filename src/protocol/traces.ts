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

export const EventStatusSchema = z.enum(['ok', 'failed', 'skipped']);
export type EventStatus = z.infer<typeof EventStatusSchema>;

/** `failure_code` of the `round.failed` event added to a round whose writer stopped (crash, kill) before finishing it. */
export const INTERRUPTED_FAILURE_CODE = 'interrupted';

/** Codes of the failures a trace store throws (as `ControlRoomError`). */
export const TRACE_ERROR_CODES = [
  /** No round with that id in this store. */
  'trace_round_not_found',
  /** The round is already finished (or being finished); a finished round takes no more events. */
  'trace_round_closed',
  /** An event's type is not in the taxonomy, or its payload lacks a required field or is not JSON. */
  'trace_event_invalid',
  /** `beginRound`/`finishRound`/`listRounds` input is malformed (e.g. `failed` without a failure code). */
  'trace_input_invalid',
  /** The store was closed; open a new one. */
  'trace_store_closed',
  /** Another process held the database's write lock for too long. */
  'trace_store_busy',
  /** The database was written by a newer Control Room (its schema is ahead of this build). */
  'trace_store_too_new',
  /** The database file cannot be opened or is not a SQLite database. */
  'trace_store_unreadable',
  /** The database refused a write (disk full, file removed, corrupted, …). */
  'trace_write_failed',
] as const;
export type TraceErrorCode = (typeof TRACE_ERROR_CODES)[number];

/** A field that must be present (JSON has no `undefined`), whatever its type. */
const present = z.unknown().refine((value) => value !== undefined, 'required');
const text = z.string();
const id = z.string().min(1);
const authLevel = z.number().int().min(1).max(4);
const latency = z.number().min(0);

/**
 * Required payload fields per event type (the plan's "Event type taxonomy"). Payloads may carry
 * more fields than these (loose objects); they must be plain JSON, with secrets already replaced
 * by `secret_ref:` tokens.
 */
export const EVENT_PAYLOAD_SCHEMAS = {
  /** What the person typed or said, unchanged. */
  'input.received': z.looseObject({ raw_text: text, channel: id, audio_id: id.nullable().optional() }),
  'input.normalized': z.looseObject({ normalized_text: text }),
  'route.selected': z.looseObject({
    route_code: id,
    source_rule: text,
    topic: text.nullable().optional(),
    auth_level: authLevel,
    macro: text.nullable().optional(),
  }),
  'validator.ran': z.looseObject({
    validator_id: id,
    code: id,
    status: z.enum(['ok', 'warn', 'error', 'escalate', 'retry']),
    message: text,
  }),
  /** The prompt as capped by `capPrompt`: sha256 of the whole text, its head and tail. */
  'llm.request': z.looseObject({
    model: id,
    prompt_hash: z.string().regex(/^[0-9a-f]{64}$/),
    prompt_head: text,
    prompt_tail: text,
  }),
  'llm.response': z.looseObject({ model: id, latency_ms: latency, text, usage: present.optional(), truncated: z.boolean().optional() }),
  'tool.request': z.looseObject({ tool_id: id, call_id: id, inputs: present }),
  'tool.response': z.looseObject({ tool_id: id, call_id: id, latency_ms: latency, result: present, status: id }),
  'job.enqueued': z.looseObject({ job_id: id, topic: text, query: text, class: id }),
  'job.progress': z.looseObject({ job_id: id, status: id, progress: z.number().optional() }),
  'job.result': z.looseObject({ job_id: id, status: id, result: present }),
  /** Names the chain or the single command awaiting confirmation (at least one of the two). */
  'confirm.requested': z
    .looseObject({ chain_id: id.optional(), command_id: id.optional(), auth_level: authLevel, summary: text })
    .refine((payload) => payload.chain_id !== undefined || payload.command_id !== undefined, {
      message: 'chain_id or command_id is required',
      path: ['chain_id'],
    }),
  'confirm.received': z.looseObject({ confirmation_id: id, accepted: z.boolean(), channel: id }),
  'command.executed': z.looseObject({ command_id: id, status: id, result: present, auth_level: authLevel }),
  'command.reversed': z.looseObject({ command_id: id, status: id, reason: text }),
  'output.emitted': z.looseObject({ text, channel: id, was_escalated: z.boolean().optional() }),
  'round.failed': z.looseObject({ failure_code: id, failure_reason: text }),
} as const satisfies Record<EventType, z.ZodType>;

/** The payload type of each event type. */
export type EventPayloads = { [K in EventType]: z.infer<(typeof EVENT_PAYLOAD_SCHEMAS)[K]> };

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
  status: EventStatus;
  failure_code: string | null;
  failure_reason: string | null;
}

/** A round with its ordered events, as exported (one JSON line per round). */
export interface TracedRound {
  round: RoundHeader;
  events: RoundEvent[];
}

/** A round header as read back from an export or another store. */
export const RoundHeaderSchema = z.strictObject({
  schema_version: z.number().int().min(1),
  library_id: id,
  bucket_id: id,
  conversation_id: id,
  round_id: id,
  round_seq: z.number().int().min(1),
  state_in: ConversationStateSchema,
  state_out: ConversationStateSchema.nullable(),
  audio_id: id.nullable(),
  created_at: text,
  status: RoundStatusSchema,
  failure_code: text.nullable(),
  failure_reason: text.nullable(),
}) satisfies z.ZodType<RoundHeader>;

/** An event as read back from an export or another store. */
export const RoundEventSchema = z.strictObject({
  schema_version: z.number().int().min(1),
  round_id: id,
  event_seq: z.number().int().min(1),
  event_type: EventTypeSchema,
  call_id: id.nullable(),
  timestamp: text,
  payload: z.record(z.string(), z.unknown()),
  status: EventStatusSchema,
  failure_code: text.nullable(),
  failure_reason: text.nullable(),
}) satisfies z.ZodType<RoundEvent>;

/** One line of `control-room traces export`. */
export const TracedRoundSchema = z.strictObject({ round: RoundHeaderSchema, events: z.array(RoundEventSchema) }) satisfies z.ZodType<TracedRound>;
