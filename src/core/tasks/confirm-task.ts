import { ControlRoomError } from '../../protocol/index.js';
import type { ConfirmationChannel, ConfirmationRequest } from '../../protocol/auth.js';
import type { TaskOutcome, TaskRecord } from '../../protocol/tasks.js';
import { answerConfirmation, decideAnswer, type ConfirmationAnswerInput } from '../auth/index.js';
import { applyChainAndFinish, finishTaskRound } from './finish-task-round.js';
import type { TaskDependencies } from './task-dependencies.js';
import { inTaskRound } from './task-round.js';
import { notificationKeys, settleQuietly } from '../notifications/index.js';

export interface ConfirmationAnswer extends ConfirmationAnswerInput {
  /** `text` from the CLI or chat, `ui` from the web app. */
  channel?: ConfirmationChannel;
}

async function requireTask(deps: TaskDependencies, taskId: string): Promise<TaskRecord> {
  const task = await deps.store.getTask(taskId);
  if (task === null) throw new ControlRoomError('task_not_found', `No task ${taskId}; its record is missing from .control-room/tasks/.`);
  return task;
}

/** Step tokens: `stp_` and 128 random bits. */
function stepTokenMinter(deps: TaskDependencies): () => string {
  return () => `stp_${deps.ids.nonce()}`;
}

/**
 * Answers a pending confirmation, in its own trace round (`confirm.received`). A refusal closes it
 * and the task, with every file left as it was. An acceptance counts towards what the level
 * requires: the first acceptance of an L4 chain returns a step token (in `confirmation.stepToken`)
 * and only an acceptance carrying it counts as the second, so the same request sent twice — a retry,
 * a double click, two concurrent copies — is one confirmation, answered twice (`replayed`). The
 * last acceptance applies the chain (checked against the workspace again first); replaying it
 * reports the task as it is now and applies nothing. Answers are taken one at a time per request,
 * across processes. Throws `confirmation_not_found`, `confirmation_closed` (already answered),
 * `step_token_invalid` or `confirmation_request_conflict`.
 */
export async function answerTaskConfirmation(confirmationId: string, answer: ConfirmationAnswer, deps: TaskDependencies): Promise<TaskOutcome> {
  const pending = await deps.store.getConfirmation(confirmationId);
  if (pending === null) throw new ControlRoomError('confirmation_not_found', `No confirmation ${confirmationId}. List the pending ones with "control-room confirm".`);
  // An answer refused as it stands (closed request, wrong token) fails before a round is opened.
  decideAnswer(pending, answer);
  const release = await deps.store.holdConfirmation(confirmationId);
  try {
    return await answerHeld(confirmationId, pending, answer, deps);
  } finally {
    await release();
  }
}

async function answerHeld(confirmationId: string, pending: ConfirmationRequest, answer: ConfirmationAnswer, deps: TaskDependencies): Promise<TaskOutcome> {
  return inTaskRound(deps, pending.conversation_id, [pending.task_id, pending.chain_id, pending.confirmation_id], async (round) => {
    // Read again while held: another answer to the same request may have just been recorded.
    const current = (await deps.store.getConfirmation(confirmationId)) ?? pending;
    const channel = answer.channel ?? 'text';
    const answered = answerConfirmation(current, { ...answer, channel, nowIso: deps.clock.nowIso(), mintStepToken: stepTokenMinter(deps) });
    const task = await requireTask(deps, answered.request.task_id);
    const { request } = answered;
    if (answered.kind === 'replay') {
      await round.tracer.event({
        event_type: 'confirm.received',
        payload: { confirmation_id: request.confirmation_id, accepted: answer.accept, channel, step: answered.step, required: request.required, replay: true, chain_id: request.chain_id, task_id: task.task_id },
      });
      return finishTaskRound(task, round, deps, { confirmation: request, replayed: true });
    }
    await deps.store.saveConfirmation(request);
    if (request.status !== 'pending') await settleQuietly(deps.notifier, notificationKeys.confirmation(request.confirmation_id));
    await round.tracer.event({
      event_type: 'confirm.received',
      payload: { confirmation_id: request.confirmation_id, accepted: answer.accept, channel, step: answered.record.step, required: request.required, chain_id: request.chain_id, task_id: task.task_id },
    });
    if (request.status === 'refused') {
      task.status = 'refused';
      return finishTaskRound(task, round, deps, {});
    }
    if (request.status === 'pending') return finishTaskRound(task, round, deps, { confirmation: request });
    return applyChainAndFinish(task, round, deps);
  });
}

/** Accepts a pending confirmation (once for L3; the second L4 acceptance carries the step token). */
export function confirmTask(confirmationId: string, deps: TaskDependencies, options: { channel?: ConfirmationChannel; stepToken?: string | null; requestId?: string | null } = {}): Promise<TaskOutcome> {
  return answerTaskConfirmation(confirmationId, { ...options, accept: true }, deps);
}

/** Refuses a pending confirmation: nothing of the chain is applied. */
export function refuseTask(confirmationId: string, deps: TaskDependencies, channel: ConfirmationChannel = 'text'): Promise<TaskOutcome> {
  return answerTaskConfirmation(confirmationId, { accept: false, channel }, deps);
}
