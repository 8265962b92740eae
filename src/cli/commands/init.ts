import type { Command } from 'commander';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { emit, type CliIo, type CommonOptions } from '../io.js';

/** `control-room init [dir] [--sample]` */
export function registerInit(program: Command, io: CliIo): void {
  program
    .command('init')
    .description('create a workspace folder (with --sample: the bundled sample novel)')
    .argument('[dir]', 'folder to create or complete', '.')
    .option('--sample', 'copy the sample manuscript into the new workspace')
    .option('--workspace <dir>', 'ignored: init takes the folder as its argument')
    .option('--json', 'print JSON')
    .action(async (dir: string, options: CommonOptions & { sample?: boolean }) => {
      const result = await initWorkspace(dir, { sample: options.sample ?? false });
      emit(io, options, result, () =>
        [
          `Workspace ready at ${result.root}${result.sample ? ' (sample manuscript)' : ''}`,
          ...result.created.map((item) => `  created ${item}`),
          ...result.kept.map((item) => `  kept    ${item} (already there)`),
        ].join('\n'),
      );
    });
}
