import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import type { CliIo, CommonOptions } from '../io.js';
import { serveUntilStopped, withServeFlags, type ServeOptions } from './serve.js';

/** Where `start` keeps the sample workspace when no workspace is named. */
export function defaultStartWorkspace(options: CommonOptions): string {
  return options.workspace ?? process.env['CONTROL_ROOM_WORKSPACE'] ?? path.resolve('sample-workspace');
}

/**
 * `control-room start` (what `npm start` runs): the main job. Prepares ./sample-workspace from the
 * bundled sample novel when no workspace is named, then serves it like `serve` — with the model
 * server it finds, or the offline demo within seconds when there is none. Opens no browser.
 */
export function registerStart(program: Command, io: CliIo): void {
  const start = program
    .command('start')
    .description('open Control Room on a workspace (the sample novel when none is named) and serve it')
    .option('--workspace <dir>', 'workspace folder (default: ./sample-workspace, created from the sample)');
  withServeFlags(start).action(async (options: ServeOptions) => {
    const dir = defaultStartWorkspace(options);
    if (!existsSync(path.join(dir, 'Story'))) {
      io.stderr(`Preparing the sample manuscript in ${dir} …\n`);
      await initWorkspace(dir, { sample: true });
    }
    await serveUntilStopped(io, dir, options);
  });
}
