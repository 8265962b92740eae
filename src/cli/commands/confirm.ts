import type { Command } from 'commander';
import { openControlRoom, taskDependencies } from '../../adapters/compose/index.js';
import { confirmationListing } from '../../core/auth/index.js';
import { answerTaskConfirmation } from '../../core/tasks/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';
import { describeTaskOutcome, taskExitCode } from './task.js';

interface ConfirmOptions extends CommonOptions {
  refuse?: boolean;
  stepToken?: string;
  requestId?: string;
}

/**
 * `control-room confirm [id] [--refuse] [--step-token t] [--request-id r]` — answer a pending
 * confirmation, or list them. The second confirmation of a level-4 task carries the step token the
 * first one printed; the same command run again without it only repeats the first.
 */
export function registerConfirm(program: Command, io: CliIo): void {
  program
    .command('confirm')
    .description('confirm (or --refuse) a task waiting at level 3 or 4; without an id, list the pending ones')
    .argument('[id]', 'confirmation id (cfm_…)')
    .option('--refuse', 'refuse: nothing of the task is applied')
    .option('--step-token <token>', 'the step token the first confirmation of a level-4 task printed (its second confirmation carries it)')
    .option('--request-id <id>', 'your id for this answer: the same id again repeats the answer instead of giving a new one')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (id: string | undefined, options: ConfirmOptions) => {
      const room = await openControlRoom(workspaceDir(options));
      try {
        const deps = taskDependencies(room);
        if (id === undefined) {
          const pending = (await deps.store.listConfirmations('pending')).map(confirmationListing);
          emit(io, options, { confirmations: pending }, () =>
            pending.length === 0
              ? 'No confirmations pending.'
              : pending.map((request) => `${request.confirmation_id}  level ${request.auth_level}  ${request.records.filter((record) => record.confirmed).length}/${request.required}  ${request.summary}`).join('\n'),
          );
          return;
        }
        const outcome = await answerTaskConfirmation(
          id,
          { accept: !options.refuse, channel: 'text', stepToken: options.stepToken ?? null, requestId: options.requestId ?? null },
          deps,
        );
        emit(io, options, outcome, () => describeTaskOutcome(outcome));
        const code = taskExitCode(outcome);
        if (code !== 0) throw new CliExit(code);
      } finally {
        await room.close();
      }
    });
}
