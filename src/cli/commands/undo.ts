import type { Command } from 'commander';
import { openControlRoom, taskDependencies } from '../../adapters/compose/index.js';
import { undoTask } from '../../core/tasks/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** `control-room undo [taskId]` — put back what a task changed (default: the last one). */
export function registerUndo(program: Command, io: CliIo): void {
  program
    .command('undo')
    .description('undo an applied task from its undo journal (default: the most recent one)')
    .argument('[taskId]', 'task id (task_…); default: the last task not undone')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (taskId: string | undefined, options: CommonOptions) => {
      const room = await openControlRoom(workspaceDir(options));
      try {
        const outcome = await undoTask(taskId, taskDependencies(room));
        emit(io, options, outcome, () =>
          [`Undid task ${outcome.taskId}:`, ...outcome.reversed.map((entry) => `  ${entry.op} ${entry.path ?? entry.issueId ?? ''}  receipt ${entry.receiptId}`)].join('\n'),
        );
      } finally {
        await room.close();
      }
    });
}
