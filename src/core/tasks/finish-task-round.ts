import type { ConfirmationRequest } from '../../protocol/auth.js';
import type { TaskOutcome, TaskRecord } from '../../protocol/tasks.js';
import { applyChain } from './apply-chain.js';
import type { TaskDependencies } from './task-dependencies.js';
import { taskOutcome } from './task-outcome.js';
import type { RoundEnd, TaskRound } from './task-round.js';

/** Saves the record, says what happened in the trace, and builds the outcome. */
export async function finishTaskRound(
  record: TaskRecord,
  round: TaskRound,
  deps: TaskDependencies,
  extras: { receipts?: string[]; confirmation?: ConfirmationRequest | null; stopHook?: TaskOutcome['stopHook']; failure?: { code: string; reason: string }; replayed?: boolean },
): Promise<RoundEnd<TaskOutcome>> {
  record.updated_at = deps.clock.nowIso();
  if (!record.trace_round_ids.includes(round.roundId)) record.trace_round_ids.push(round.roundId);
  await deps.store.saveTask(record);
  const outcome = taskOutcome(record, {
    stateIn: round.stateIn,
    traceRoundId: round.roundId,
    ...(extras.receipts ? { receipts: extras.receipts } : {}),
    ...(extras.confirmation !== undefined ? { confirmation: extras.confirmation } : {}),
    ...(extras.stopHook ? { stopHook: extras.stopHook } : {}),
    ...(extras.replayed ? { replayed: true } : {}),
  });
  await round.tracer.event({
    event_type: 'output.emitted',
    payload: { text: `task ${outcome.status}: ${outcome.summary}`, channel: 'text', task_id: record.task_id, status: outcome.status, stop_hook: outcome.stopHook, receipts: outcome.receipts },
  });
  return { value: outcome, ...(extras.failure ? { failure: extras.failure } : {}) };
}

/**
 * Applies a gated chain, copies its outcome onto the task record and closes the round: the one
 * ending shared by a task that needed no confirmation and a task whose last confirmation arrived.
 */
export async function applyChainAndFinish(record: TaskRecord, round: TaskRound, deps: TaskDependencies): ReturnType<typeof finishTaskRound> {
  const applied = await applyChain(record, round, deps);
  record.status = applied.status;
  record.results = applied.results;
  record.undo_available = applied.undoAvailable;
  record.issues = applied.issues;
  return finishTaskRound(record, round, deps, {
    receipts: applied.receipts,
    ...(applied.status === 'applied' || applied.status === 'undone' ? {} : { failure: { code: 'task_operation_failed', reason: `The task ended ${applied.status}; see its results.` } }),
  });
}
