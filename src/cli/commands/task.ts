import type { Command } from 'commander';
import { ControlRoomError, ConversationStateSchema } from '../../protocol/index.js';
import type { TaskOutcome } from '../../protocol/tasks.js';
import { openControlRoom, taskDependencies } from '../../adapters/compose/index.js';
import { describeEnvelope, executeTask, issuePath } from '../../core/tasks/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

interface TaskOptions extends CommonOptions {
  conversation?: string;
  state?: string;
}

/** The human form of a task outcome: the plan, the batch, then what happened or what is awaited. */
export function describeTaskOutcome(outcome: TaskOutcome): string {
  const lines = [`Task ${outcome.taskId}: ${outcome.status}${outcome.level === null ? '' : ` (level ${outcome.level})`}`];
  if (outcome.plan) {
    lines.push(`Plan: ${outcome.plan.summary}`);
    for (const risk of outcome.plan.risks ?? []) lines.push(`  risk: ${risk}`);
  }
  if (outcome.batch.length > 0) {
    lines.push('Batch:');
    outcome.batch.forEach((envelope, index) => lines.push(`  ${index + 1}. ${describeEnvelope(envelope)}`));
  }
  for (const result of outcome.results) {
    const receipt = result.receipt_id ? `  receipt ${result.receipt_id}` : '';
    const error = result.error ? `  ${result.error.code}: ${result.error.message}` : '';
    lines.push(`  [${result.status}] ${result.index + 1}. ${result.op}${receipt}${error}`);
  }
  if (outcome.confirmation) {
    const { confirmationId, stepToken } = outcome.confirmation;
    lines.push(outcome.confirmation.prompt);
    lines.push(
      stepToken === null
        ? `Confirm with: control-room confirm ${confirmationId}   (refuse with --refuse)`
        : `Confirm the second time with: control-room confirm ${confirmationId} --step-token ${stepToken}   (refuse with --refuse)`,
    );
  }
  if (outcome.replayed) lines.push('(This repeated an answer already given: nothing new was recorded or applied.)');
  if (outcome.stopHook) lines.push(`STOP_HOOK: ${outcome.stopHook}`);
  for (const issue of outcome.issues) lines.push(`  ${issuePath(issue)}: ${issue.message} [${issue.code}]`);
  if (outcome.undoAvailable && outcome.status !== 'undone') lines.push(`Undo with: control-room undo ${outcome.taskId}`);
  return lines.join('\n');
}

/** Exit status of a task command: 1 when the task stopped without doing what was asked. */
export function taskExitCode(outcome: TaskOutcome): number {
  return ['invalid', 'failed', 'partial'].includes(outcome.status) ? 1 : 0;
}

/** `control-room task "<goal>" [--conversation id] [--state s]` — plan, act, gate and apply a change. */
export function registerTask(program: Command, io: CliIo): void {
  program
    .command('task')
    .description('carry out a change to the manuscript: plan, batch of operations, authorization, receipts')
    .argument('<goal>', 'what should change')
    .option('--conversation <id>', 'conversation the task belongs to (default: tasks)')
    .option('--state <state>', 'ask for a conversation state (default, conversation, action, research); applies from this round')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (goal: string, options: TaskOptions) => {
      const state = options.state === undefined ? undefined : ConversationStateSchema.safeParse(options.state);
      if (state && !state.success) throw new ControlRoomError('usage_error', `--state must be one of ${ConversationStateSchema.options.join(', ')}.`);
      const room = await openControlRoom(workspaceDir(options));
      try {
        const outcome = await executeTask(goal, taskDependencies(room), {
          channel: 'text',
          ...(options.conversation ? { conversationId: options.conversation } : {}),
          ...(state?.success ? { state: state.data } : {}),
        });
        emit(io, options, outcome, () => describeTaskOutcome(outcome));
        const code = taskExitCode(outcome);
        if (code !== 0) throw new CliExit(code);
      } finally {
        await room.close();
      }
    });
}
