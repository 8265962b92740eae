import { ConversationStateSchema, TRACE_SCHEMA_VERSION, type ConversationState, type RoundHeader } from '../../protocol/index.js';
import type { BeginRoundInput } from '../ports/index.js';
import { traceInputInvalid } from './trace-errors.js';

/** A checked `beginRound` input with its defaults filled in. */
export interface PreparedRound {
  conversation_id: string;
  bucket_id: string;
  state_in: ConversationState;
  audio_id: string | null;
}

function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw traceInputInvalid(`beginRound: ${field} must be a non-empty string.`);
  return value;
}

/** The bucket a conversation writes to unless told otherwise (plan: `bucket:{conversation_id}`). */
export function defaultBucketId(conversationId: string): string {
  return `bucket:${conversationId}`;
}

/** Checks a `beginRound` input (callers may be plain JavaScript) and fills in the default bucket. */
export function prepareRound(input: BeginRoundInput): PreparedRound {
  const conversation_id = requireId(input?.conversation_id, 'conversation_id');
  const bucket_id = input.bucket_id === undefined ? defaultBucketId(conversation_id) : requireId(input.bucket_id, 'bucket_id');
  const state = ConversationStateSchema.safeParse(input.state_in);
  if (!state.success) throw traceInputInvalid(`beginRound: state_in must be one of ${ConversationStateSchema.options.join(', ')}.`);
  const audio_id = input.audio_id === undefined || input.audio_id === null ? null : requireId(input.audio_id, 'audio_id');
  return { conversation_id, bucket_id, state_in: state.data, audio_id };
}

/** The header of a round just begun. */
export function buildRoundHeader(
  prepared: PreparedRound,
  allocated: { library_id: string; round_id: string; round_seq: number; created_at: string },
): RoundHeader {
  return {
    schema_version: TRACE_SCHEMA_VERSION,
    library_id: allocated.library_id,
    bucket_id: prepared.bucket_id,
    conversation_id: prepared.conversation_id,
    round_id: allocated.round_id,
    round_seq: allocated.round_seq,
    state_in: prepared.state_in,
    state_out: null,
    audio_id: prepared.audio_id,
    created_at: allocated.created_at,
    status: 'open',
    failure_code: null,
    failure_reason: null,
  };
}
