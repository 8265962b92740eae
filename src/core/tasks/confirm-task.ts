import { ControlRoomError } from '../../protocol/index.js';
import type { ConfirmationChannel, ConfirmationRequest } from '../../protocol/auth.js';
import type { TaskOutcome, TaskRecord } from '../../protocol/tasks.js';
import { answerConfirmation } from '../auth/index.js';
import { applyChainAndFinish, finishTaskRound } from './finish-task-round.js';
import type { TaskDependencies } from './task-dependencies.js';
import { inTaskRound } from './task-round.js';

export interface ConfirmationAnswer {
  accept: boolean;
  /** `text` from the CLI or chat, `ui` from the web app. */
  channel?: ConfirmationChannel;
}

async function requireTask(deps: TaskDependencies, taskId: string): Promise<TaskRecord> {
  const task = await deps.store.getTask(taskId);
  if (task === null) throw new ControlRoomError('task_not_found', `No task ${taskId}; its record is missing from .control-room/tasks/.`);
  return task;
}

/**
 * Answers a pending confirmation, in its own trace round (`confirm.received`). A refusal closes it
 * and the task, with every file left as it was. An acceptance counts towards what the level
 * requires — an L4 chain needs a second acceptance, from a separate call — and the last one applies
 * the chain (checked against the workspace again first). Throws `confirmation_not_found` or
 * `confirmation_closed` (already answered: a chain is applied or refused once).
 */
export async function answerTaskConfirmation(confirmationId: string, answer: ConfirmationAnswer, deps: TaskDependencies): Promise<TaskOutcome> {
  const pending = await deps.store.getConfirmation(confirmationId);
  if (pending === null) throw new ControlRoomError('confirmation_not_found', `No confirmation ${confirmationId}. List the pending ones with "control-room confirm".`);
  // Answering a closed request fails before a round is opened: there is nothing to trace.
  if (pending.status !== 'pending') answerConfirmation(pending, { accept: answer.accept, channel: answer.channel ?? 'text', nowIso: deps.clock.nowIso() });
  const release = await deps.store.holdConfirmation(confirmationId);
  try {
    return await answerHeld(confirmationId, pending, answer, deps);
  } finally {
    await release();
  }
}

async function answerHeld(confirmationId: string, pending: ConfirmationRequest, answer: ConfirmationAnswer, deps: TaskDependencies): Promise<TaskOutcome> {
  return inTaskRound(deps, pending.conversation_id, [pending.task_id, pending.chain_id, pending.confirmation_id], async (round) => {
    // Read again while held: another answer to the same request may have just closed it.
    const current = (await deps.store.getConfirmation(confirmationId)) ?? pending;
    const { request, record } = answerConfirmation(current, { accept: answer.accept, channel: answer.channel ?? 'text', nowIso: deps.clock.nowIso() });
    const task = await requireTask(deps, request.task_id);
    await deps.store.saveConfirmation(request);
    await round.tracer.event({
      event_type: 'confirm.received',
      payload: { confirmation_id: request.confirmation_id, accepted: answer.accept, channel: record.channel, step: record.step, required: request.required, chain_id: request.chain_id, task_id: task.task_id },
    });
    if (request.status === 'refused') {
      task.status = 'refused';
      return finishTaskRound(task, round, deps, {});
    }
    if (request.status === 'pending') return finishTaskRound(task, round, deps, { confirmation: request });
    return applyChainAndFinish(task, round, deps);
  });
}

/** Accepts a pending confirmation (once for L3; each of the two L4 acceptances is its own call). */
export function confirmTask(confirmationId: string, deps: TaskDependencies, channel: ConfirmationChannel = 'text'): Promise<TaskOutcome> {
  return answerTaskConfirmation(confirmationId, { accept: true, channel }, deps);
}

/** Refuses a pending confirmation: nothing of the chain is applied. */
export function refuseTask(confirmationId: string, deps: TaskDependencies, channel: ConfirmationChannel = 'text'): Promise<TaskOutcome> {
  return answerTaskConfirmation(confirmationId, { accept: false, channel }, deps);
}
