import { isControlRoomError, type ConversationState } from '../../protocol/index.js';
import { TurnTracer } from '../loop/index.js';
import { statePolicy, type StatePolicy } from '../state/index.js';
import type { TaskDependencies } from './task-dependencies.js';

/** One traced round of task work, in the state fixed at its start. */
export interface TaskRound {
  roundId: string;
  tracer: TurnTracer;
  stateIn: ConversationState;
  policy: StatePolicy;
  /**
   * Ids this work minted (task, chain, confirmation): the secret scrubber must leave them alone,
   * as `task_<uuid>` can look random enough to pass for a credential.
   */
  allow: Set<string>;
}

/** What the work of a round returns; a `failure` marks the round failed but still returns the value. */
export interface RoundEnd<T> {
  value: T;
  failure?: { code: string; reason: string };
}

/**
 * Runs task work as one trace round of a conversation: rounds of a conversation run one at a
 * time; the state is read at the boundary (`state_in`) and any change queued meanwhile is applied
 * at the end (`state_out`). A thrown error fails the round (keeping its events) and propagates.
 */
export async function inTaskRound<T>(deps: TaskDependencies, conversationId: string, knownIds: readonly string[], work: (round: TaskRound) => Promise<RoundEnd<T>>): Promise<T> {
  return deps.states.serialize(conversationId, async () => {
    const stateIn = await deps.states.beginRound(conversationId);
    let roundId: string;
    try {
      roundId = (await deps.traces.beginRound({ conversation_id: conversationId, state_in: stateIn })).round_id;
    } catch (error) {
      await deps.states.endRound(conversationId);
      throw error;
    }
    const allow = new Set(knownIds);
    const tracer = new TurnTracer(deps.traces, roundId, deps.scrubber, allow);
    let end: RoundEnd<T>;
    try {
      end = await work({ roundId, tracer, stateIn, policy: statePolicy(stateIn), allow });
    } catch (error) {
      const stateOut = await deps.states.endRound(conversationId).catch(() => null);
      const code = isControlRoomError(error) ? error.code : 'internal_error';
      const reason = error instanceof Error ? error.message : String(error);
      await deps.traces.finishRound(roundId, { status: 'failed', failure_code: code, failure_reason: reason, ...(stateOut ? { state_out: stateOut } : {}) }).catch(() => undefined);
      throw error;
    }
    const stateOut = await deps.states.endRound(conversationId);
    await deps.traces.finishRound(
      roundId,
      end.failure
        ? { status: 'failed', state_out: stateOut, failure_code: end.failure.code, failure_reason: end.failure.reason }
        : { status: 'ok', state_out: stateOut },
    );
    return end.value;
  });
}
