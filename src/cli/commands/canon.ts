import type { Command } from 'commander';
import { CANON_INDEX_STORAGE_PATH, ControlRoomError } from '../../protocol/index.js';
import { openControlRoom } from '../../adapters/compose/index.js';
import { openCanonIndexer, resolveCanonModel, type CanonModelMode } from '../../adapters/fs-run-store/index.js';
import { CliExit, emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

interface CanonIndexOptions extends CommonOptions {
  /** true with `--model`, false with `--no-model`, undefined for auto. */
  model?: boolean;
}

/** `control-room canon index [--no-model|--model] [--json]` — rebuilds Canon.md, with progress on stderr. */
export function registerCanon(program: Command, io: CliIo): void {
  const canon = program.command('canon').description('the canon index (Canon.md): facts from the Compendium and the scenes, each citing its line');
  canon
    .command('index')
    .description('rebuild the canon index: a model extracts facts from each file (or, with --no-model, the cards\' fields and lore bullets are read directly); facts whose quote is not in the file are dropped')
    .option('--model', 'require the model (fail when it cannot be reached)')
    .option('--no-model', 'build without a model, from the cards\' fields and the lore bullets')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CanonIndexOptions) => {
      const room = await openControlRoom(workspaceDir(options));
      try {
        const mode: CanonModelMode = options.model === undefined ? 'auto' : options.model ? 'model' : 'deterministic';
        const choice = await resolveCanonModel(room, mode);
        if (choice.notice) io.stderr(`${choice.notice}\n`);
        const started = openCanonIndexer(room).start({
          workspace: room.workspace,
          model: choice.model,
          onProgress: (progress) => io.stderr(`[${progress.done}/${progress.total}] ${progress.path}\n`),
        });
        const outcome = await started.outcome;
        if (!outcome.ok) {
          const hint = choice.model && outcome.error.code.startsWith('model_') ? ' Use --no-model to build the index without a model.' : '';
          throw new ControlRoomError(outcome.error.code, `${outcome.error.message}${hint}`);
        }
        const { meta, facts } = outcome.value;
        const failedSources = meta.sources.filter((source) => source.error !== null);
        const summary = {
          ok: true,
          mode: meta.mode,
          model: meta.model,
          facts: facts.length,
          sources: meta.sources.length,
          rejected: meta.rejected,
          failedSources: failedSources.map((source) => ({ path: source.path, error: source.error })),
          duplicates: meta.duplicates,
          index: CANON_INDEX_STORAGE_PATH,
          indexSha256: meta.index_sha256,
          builtAt: meta.built_at,
          notice: choice.notice,
        };
        emit(io, options, summary, () =>
          [
            `Canon index: ${facts.length} facts from ${meta.sources.length} files (${meta.mode}${meta.model ? `, ${meta.model}` : ''}) → ${CANON_INDEX_STORAGE_PATH} (served as Canon.md)`,
            ...(meta.rejected.length > 0 ? [`${meta.rejected.length} proposed facts dropped:`, ...meta.rejected.map((fact) => `  ${fact.path}: ${fact.subject} — ${fact.attribute}: ${fact.value} [${fact.reason}]`)] : []),
            ...failedSources.map((source) => `  ${source.path}: ${source.error!.message}`),
          ].join('\n'),
        );
        if (failedSources.length === meta.sources.length) throw new CliExit(1);
      } finally {
        await room.close();
      }
    });
}
