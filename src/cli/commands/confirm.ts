import type { Command } from 'commander';
import { openControlRoom } from '../../adapters/compose/index.js';
import { taskDependencies } from '../../adapters/json-task-store/index.js';
import { answerTaskConfirmation } from '../../core/tasks/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';
import { describeTaskOutcome, taskExitCode } from './task.js';

/** `control-room confirm [id] [--refuse]` — answer a pending confirmation, or list them. */
export function registerConfirm(program: Command, io: CliIo): void {
  program
    .command('confirm')
    .description('confirm (or --refuse) a task waiting at level 3 or 4; without an id, list the pending ones')
    .argument('[id]', 'confirmation id (cfm_…)')
    .option('--refuse', 'refuse: nothing of the task is applied')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (id: string | undefined, options: CommonOptions & { refuse?: boolean }) => {
      const room = await openControlRoom(workspaceDir(options));
      try {
        const deps = taskDependencies(room);
        if (id === undefined) {
          const pending = await deps.store.listConfirmations('pending');
          emit(io, options, { confirmations: pending }, () =>
            pending.length === 0
              ? 'No confirmations pending.'
              : pending.map((request) => `${request.confirmation_id}  level ${request.auth_level}  ${request.records.filter((record) => record.confirmed).length}/${request.required}  ${request.summary}`).join('\n'),
          );
          return;
        }
        const outcome = await answerTaskConfirmation(id, { accept: !options.refuse, channel: 'text' }, deps);
        emit(io, options, outcome, () => describeTaskOutcome(outcome));
        const code = taskExitCode(outcome);
        if (code !== 0) throw new CliExit(code);
      } finally {
        await room.close();
      }
    });
}
