import { ConversationStateSchema, type ConversationState, type RoundStatus } from '../../protocol/index.js';
import type { AppendEventInput, FinishRoundInput } from '../ports/index.js';
import { roundClosed, traceInputInvalid } from './trace-errors.js';

/** What a store knows about a round it is about to finish. */
export interface RoundProgress {
  round_id: string;
  status: RoundStatus;
  /** True while an earlier `finishRound` of this round is still being written. */
  finishing: boolean;
  /** Code and reason of the round's latest `round.failed` event, if it has one. */
  failed: { failure_code: string | null; failure_reason: string | null } | null;
}

/** The header fields to write and the `round.failed` event to append first (if any). */
export interface FinishPlan {
  status: Exclude<RoundStatus, 'open'>;
  state_out: ConversationState | null;
  failure_code: string | null;
  failure_reason: string | null;
  failedEvent: AppendEventInput | null;
}

const FINISH_STATUSES = ['ok', 'partial', 'failed'] as const;

function text(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value === '') throw traceInputInvalid(`finishRound: ${field} must be a non-empty string or null.`);
  return value;
}

/**
 * Decides how a round is finished. `failed` needs a failure code (given, or from the round's own
 * `round.failed` event) and guarantees such an event; `ok` carries no failure; `partial` may.
 */
export function planFinish(progress: RoundProgress, input: FinishRoundInput): FinishPlan {
  if (progress.status !== 'open' || progress.finishing) throw roundClosed(progress.round_id, progress.finishing ? 'being finished' : progress.status);
  const status = FINISH_STATUSES.find((candidate) => candidate === input?.status);
  if (status === undefined) throw traceInputInvalid(`finishRound: status must be one of ${FINISH_STATUSES.join(', ')}.`);
  let state_out: ConversationState | null = null;
  if (input.state_out !== undefined && input.state_out !== null) {
    const parsed = ConversationStateSchema.safeParse(input.state_out);
    if (!parsed.success) throw traceInputInvalid(`finishRound: state_out must be one of ${ConversationStateSchema.options.join(', ')} or null.`);
    state_out = parsed.data;
  }
  const givenCode = text(input.failure_code, 'failure_code');
  const givenReason = text(input.failure_reason, 'failure_reason');
  if (status === 'ok') {
    if (givenCode !== null || givenReason !== null) throw traceInputInvalid('finishRound: a round finished as ok has no failure_code or failure_reason; finish it as failed or partial instead.');
    return { status, state_out, failure_code: null, failure_reason: null, failedEvent: null };
  }
  const failure_code = givenCode ?? progress.failed?.failure_code ?? null;
  if (status === 'failed' && failure_code === null) {
    throw traceInputInvalid('finishRound: a failed round needs a failure_code (or a round.failed event appended before finishing).');
  }
  const failure_reason = givenReason ?? progress.failed?.failure_reason ?? (failure_code === null ? null : `The round ended with ${failure_code}.`);
  const failedEvent: AppendEventInput | null =
    progress.failed === null && failure_code !== null
      ? { event_type: 'round.failed', payload: { failure_code, failure_reason }, status: 'failed', failure_code, failure_reason }
      : null;
  return { status, state_out, failure_code, failure_reason, failedEvent };
}
