import type { TaskOutcome, TaskRecord } from '../../protocol/tasks.js';
import { gateChain, openConfirmation } from '../auth/index.js';
import { applyChainAndFinish, finishTaskRound } from './finish-task-round.js';
import { buildTaskChain, chainSummary } from './task-chain.js';
import type { TaskDependencies } from './task-dependencies.js';
import type { RoundEnd, TaskRound } from './task-round.js';
import { notificationKeys, quietly } from '../notifications/index.js';

/** Where a batch came from, for the trace: a task's actor, or a door that asked for a command directly. */
export interface GateSource {
  /** `task` (planner and actor) or `command` (a door such as `POST /api/canon/index`). */
  kind: 'task' | 'command';
  /** What the batch is for: the plan's summary, or the command's description. */
  summary: string;
}

/**
 * Gates a checked batch ONCE at its highest level, from the one authorization table: L1/L2 chains
 * are applied now (L2 with an undo journal); L3/L4 chains open a confirmation, save the task as
 * `awaiting_confirmation` and write nothing. Every door that changes the workspace ends here, so
 * the same change needs the same confirmations however it was asked for. `duplicates` are batch
 * positions whose idempotency key was applied before: they leave the chain.
 */
export async function gateTask(record: TaskRecord, duplicates: ReadonlySet<number>, source: GateSource, round: TaskRound, deps: TaskDependencies): Promise<RoundEnd<TaskOutcome>> {
  const chain = buildTaskChain(record.task_id, record.batch, duplicates);
  record.chain = chain;
  record.level = chain?.chain_level ?? null;
  const gate = chain ? gateChain(chain) : null;
  await round.tracer.event({
    event_type: 'route.selected',
    payload: {
      route_code: chain ? `${source.kind}.chain` : `${source.kind}.noop`,
      source_rule: 'chain_level = max(operation levels from the authorization table), gated once before the first operation',
      topic: source.summary,
      auth_level: chain?.chain_level ?? 1,
      macro: null,
      task_id: record.task_id,
      chain_id: chain?.chain_id ?? null,
      confirmations_required: gate?.confirmations ?? 0,
      operations: chain?.commands.map((command) => ({ command_id: command.command_id, auth_level: command.auth_level, summary: command.summary })) ?? [],
      duplicates: [...duplicates],
    },
  });
  if (!chain || gate?.action !== 'confirm') return applyChainAndFinish(record, round, deps);
  const confirmationId = `cfm_${deps.ids.uuidv7()}`;
  round.allow.add(confirmationId);
  const confirmation = openConfirmation({
    confirmationId,
    taskId: record.task_id,
    chainId: chain.chain_id,
    conversationId: record.conversation_id,
    level: gate.level as 3 | 4,
    summary: chainSummary(source.summary, chain),
    nowIso: deps.clock.nowIso(),
  });
  record.status = 'awaiting_confirmation';
  record.confirmation_id = confirmation.confirmation_id;
  await deps.store.saveTask(record);
  await deps.store.saveConfirmation(confirmation);
  await round.tracer.event({
    event_type: 'confirm.requested',
    payload: { chain_id: chain.chain_id, auth_level: gate.level, summary: confirmation.summary, confirmation_id: confirmation.confirmation_id, required: confirmation.required, task_id: record.task_id },
  });
  // Seen from any screen until it is answered (answering settles it).
  await quietly(deps.notifier, {
    kind: 'confirmation',
    key: notificationKeys.confirmation(confirmation.confirmation_id),
    title: `A level-${gate.level} change waits for your confirmation`,
    detail: `${confirmation.summary} Review it in Changes (or "control-room confirm ${confirmation.confirmation_id}"); nothing is written until you confirm.`,
    link: { screen: 'changes', id: record.task_id },
  });
  return finishTaskRound(record, round, deps, { confirmation });
}
