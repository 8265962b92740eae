import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { emit, type CliIo, type CommonOptions } from '../io.js';
import { renderTree } from './vfs.js';

/** Where `start` keeps the sample workspace when no workspace is named. */
export function defaultStartWorkspace(options: CommonOptions): string {
  return options.workspace ?? process.env.CONTROL_ROOM_WORKSPACE ?? path.resolve('sample-workspace');
}

/** `control-room start`: the main job. Prepares the sample workspace if none is named, then shows it. */
export function registerStart(program: Command, io: CliIo): void {
  program
    .command('start')
    .description('open a workspace (the sample novel when none is named) and show it')
    .option('--workspace <dir>', 'workspace folder (default: ./sample-workspace, created from the sample)')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      const dir = defaultStartWorkspace(options);
      if (!existsSync(path.join(dir, 'Story'))) {
        io.stderr(`Preparing the sample manuscript in ${dir} …\n`);
        await initWorkspace(dir, { sample: true });
      }
      const workspace = await FsWorkspace.open(dir);
      const tree = await workspace.tree();
      const outline = tree.outlinePath ? await workspace.read(tree.outlinePath) : null;
      emit(io, options, { workspace: workspace.rootDir, tree, outline }, () =>
        [
          `Control Room — workspace ${workspace.rootDir}`,
          '',
          '.',
          ...renderTree(tree.root.children, tree.outlinePath),
          '',
          outline ? `── ${outline.path} ──` : 'No outline found under Story/.',
          outline ? outline.content : '',
        ].join('\n'),
      );
    });
}
