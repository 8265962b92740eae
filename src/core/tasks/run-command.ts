import { ControlRoomError } from '../../protocol/index.js';
import type { ConfirmationChannel } from '../../protocol/auth.js';
import { BatchSchema, type Envelope, type TaskOutcome, type TaskRecord } from '../../protocol/tasks.js';
import { canonicalJson } from '../receipts/index.js';
import { requireConversationId } from '../state/index.js';
import { finishTaskRound } from './finish-task-round.js';
import { gateTask } from './gate-task.js';
import { issuePath } from './build-task-retry.js';
import { preflightBatch } from './preflight-batch.js';
import { DEFAULT_TASK_CONVERSATION, type TaskDependencies } from './task-dependencies.js';
import { newTaskRecord } from './task-outcome.js';
import { inTaskRound, type RoundEnd, type TaskRound } from './task-round.js';

export interface RunCommandOptions {
  /** What the person asked for, in words (e.g. "Rebuild the canon index"); the confirmation shows it. */
  summary: string;
  /** The conversation the command belongs to (default `tasks`). */
  conversationId?: string;
  /** `text` from the CLI, `ui` from the web app or the API. */
  channel?: ConfirmationChannel;
}

/**
 * Runs commands a door asks for directly — `POST /api/canon/index`, `control-room canon index` —
 * as a task without models: the batch is validated and checked against the workspace (a problem
 * throws, nothing runs), then gated by the same authorization table as a task's actor. L1/L2
 * commands run now; L3/L4 commands answer `awaiting_confirmation` and run only when the
 * confirmation is answered (`answerTaskConfirmation`). The same command asked for again while it
 * waits gets the waiting confirmation back instead of a second one (its step token is never shown).
 */
export async function runCommand(batch: readonly Envelope[], deps: TaskDependencies, options: RunCommandOptions): Promise<TaskOutcome> {
  const parsed = BatchSchema.safeParse({ batch });
  if (!parsed.success) throw new ControlRoomError('invalid_request', `The command is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`);
  const conversationId = requireConversationId(options.conversationId ?? DEFAULT_TASK_CONVERSATION);
  const taskId = `task_${deps.ids.uuidv7()}`;
  return inTaskRound(deps, conversationId, [taskId, `chain_${taskId}`], async (round) => {
    const waiting = await waitingTwin(parsed.data.batch, conversationId, deps);
    if (waiting) [waiting.task_id, waiting.confirmation_id ?? waiting.task_id].forEach((id) => round.allow.add(id));
    await round.tracer.event({ event_type: 'input.received', payload: { raw_text: options.summary, channel: options.channel ?? 'text', task_id: waiting?.task_id ?? taskId } });
    if (waiting) return sameAsWaiting(waiting, round, deps);
    const checked = await preflightBatch(parsed.data.batch, deps);
    const problem = checked.issues[0];
    if (problem) {
      throw new ControlRoomError(problem.code, `${problem.message} (${issuePath(problem)}); nothing was run.`, { details: { issues: checked.issues } });
    }
    const record = newTaskRecord({ taskId, goal: options.summary, conversationId, roundId: round.roundId, nowIso: deps.clock.nowIso() });
    record.plan = { summary: options.summary, batch: parsed.data.batch };
    record.batch = parsed.data.batch;
    return gateTask(record, checked.duplicates, { kind: 'command', summary: options.summary }, round, deps);
  });
}

/** A task of the conversation still waiting for its confirmation with exactly this batch. */
async function waitingTwin(batch: readonly Envelope[], conversationId: string, deps: TaskDependencies): Promise<TaskRecord | null> {
  const wanted = canonicalJson(batch);
  for (const request of await deps.store.listConfirmations('pending')) {
    if (request.conversation_id !== conversationId) continue;
    const task = await deps.store.getTask(request.task_id);
    if (task?.status === 'awaiting_confirmation' && canonicalJson(task.batch) === wanted) return task;
  }
  return null;
}

async function sameAsWaiting(task: TaskRecord, round: TaskRound, deps: TaskDependencies): Promise<RoundEnd<TaskOutcome>> {
  const request = task.confirmation_id === null ? null : await deps.store.getConfirmation(task.confirmation_id);
  // The step token belongs to whoever gave the first answer; a second asker never sees it.
  return finishTaskRound(task, round, deps, { confirmation: request === null ? null : { ...request, step_token: null }, replayed: true });
}
