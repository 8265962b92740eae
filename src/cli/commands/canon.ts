import type { Command } from 'commander';
import { CANON_INDEX_STORAGE_PATH, ControlRoomError } from '../../protocol/index.js';
import type { CanonBuildMode, TaskOutcome } from '../../protocol/tasks.js';
import { canonRebuilder, openControlRoom, taskDependencies } from '../../adapters/compose/index.js';
import { confirmTask, runCommand } from '../../core/tasks/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';
import { describeTaskOutcome } from './task.js';

interface CanonIndexOptions extends CommonOptions {
  /** true with `--model`, false with `--no-model`, undefined for auto. */
  model?: boolean;
  /** The one confirmation a level-3 command needs, given on the command line. */
  yes?: boolean;
}

interface BuildSummary {
  mode: string;
  model: string | null;
  facts: number;
  sources: number;
  rejected: Array<{ path: string; subject: string; attribute: string; value: string; reason: string }>;
  failedSources: Array<{ path: string; error: { message: string } }>;
}

/** The build's summary from an applied `canon.rebuild`, or the operation's failure as an error. */
function builtSummary(outcome: TaskOutcome): BuildSummary & Record<string, unknown> {
  const result = outcome.results[0];
  if (result?.error) throw new ControlRoomError(result.error.code, result.error.message);
  const built = (result?.result as { outcome?: BuildSummary & Record<string, unknown> } | null)?.outcome;
  if (outcome.status !== 'applied' || !built) throw new ControlRoomError('internal_error', `The canon rebuild ended ${outcome.status} without a summary.`, { fault: 'system' });
  return built;
}

function describeBuild(summary: BuildSummary): string {
  return [
    `Canon index: ${summary.facts} facts from ${summary.sources} files (${summary.mode}${summary.model ? `, ${summary.model}` : ''}) → ${CANON_INDEX_STORAGE_PATH} (served as Canon.md)`,
    ...(summary.rejected.length > 0
      ? [`${summary.rejected.length} proposed facts dropped:`, ...summary.rejected.map((fact) => `  ${fact.path}: ${fact.subject} — ${fact.attribute}: ${fact.value} [${fact.reason}]`)]
      : []),
    ...summary.failedSources.map((source) => `  ${source.path}: ${source.error.message}`),
  ].join('\n');
}

/**
 * `control-room canon index [--no-model|--model] [--yes] [--json]` — asks to rebuild Canon.md. The
 * rebuild is the `canon.rebuild` command of the one authorization table (level 3), as it is for a
 * task and over HTTP: without `--yes` it waits for `control-room confirm <id>`; with `--yes` (the
 * one confirmation level 3 needs) it builds now, with progress on stderr.
 */
export function registerCanon(program: Command, io: CliIo): void {
  const canon = program.command('canon').description('the canon index (Canon.md): facts from the Compendium and the scenes, each citing its line');
  canon
    .command('index')
    .description(
      'rebuild the canon index (a level-3 command: confirm it with --yes or "control-room confirm <id>"): a model extracts facts from each file (or, with --no-model, the cards\' fields and lore bullets are read directly); facts whose quote is not in the file are dropped',
    )
    .option('--model', 'require the model (fail when it cannot be reached)')
    .option('--no-model', 'build without a model, from the cards\' fields and the lore bullets')
    .option('--yes', 'confirm the rebuild now (the one confirmation it needs)')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CanonIndexOptions) => {
      const room = await openControlRoom(workspaceDir(options));
      try {
        const mode: CanonBuildMode = options.model === undefined ? 'auto' : options.model ? 'model' : 'deterministic';
        const deps = taskDependencies(room, {
          rebuildCanon: canonRebuilder(room, {
            onNotice: (notice) => io.stderr(`${notice}\n`),
            onProgress: (progress) => io.stderr(`[${progress.done}/${progress.total}] ${progress.path}\n`),
          }),
        });
        let outcome = await runCommand([{ op: 'canon.rebuild', params: { mode } }], deps, { summary: `Rebuild the canon index (Canon.md), mode ${mode}`, channel: 'text' });
        if (outcome.status === 'awaiting_confirmation' && options.yes && outcome.confirmation?.received === 0) {
          outcome = await confirmTask(outcome.confirmationId!, deps, { channel: 'text' });
        }
        if (outcome.status === 'awaiting_confirmation') {
          emit(io, options, outcome, () => `${describeTaskOutcome(outcome)}\nOr run it again with --yes.`);
          return;
        }
        const summary = builtSummary(outcome);
        emit(io, options, { ...summary, taskId: outcome.taskId, receipts: outcome.receipts }, () => describeBuild(summary));
        if (summary.failedSources.length === summary.sources) throw new CliExit(1);
      } finally {
        await room.close();
      }
    });
}
