/**
 * The compiled `control-room serve` as a child process for reliability tests over HTTP: like the
 * browser tests' starter, but it needs only `dist/` (not the built web app), hands back the
 * process id (to read its memory) and accepts extra Node flags.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../e2e/helpers/run-cli.js';
import { freePort } from '../../browser/helpers/control-room-server.js';

export interface ServeProcess {
  url: string;
  pid: number;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** SIGTERM (the server closes its stores), SIGKILL after 10 s; resolves once it has exited. */
  stop: () => Promise<void>;
}

export interface ServeOptions {
  /** Flags for Node itself, e.g. `--heapsnapshot-signal=SIGUSR2`. */
  nodeArgs?: string[];
  /** How long to wait for `/api/health` (default 60 s: the machine is shared and slow). */
  startTimeoutMs?: number;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `node [nodeArgs] bin/control-room.js serve --workspace <dir> --port <free port>` and waits until it is healthy. */
export async function startServe(workspace: string, env: Record<string, string>, options: ServeOptions = {}): Promise<ServeProcess> {
  if (!existsSync(path.join(REPO_ROOT, 'dist/cli/main.js'))) {
    throw new Error('dist/cli/main.js is missing: run "npx tsc -p tsconfig.build.json" (or "npm run build") first.');
  }
  const port = await freePort();
  const args = [...(options.nodeArgs ?? []), path.join(REPO_ROOT, 'bin/control-room.js'), 'serve', '--workspace', workspace, '--port', String(port)];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`control-room serve exited with ${child.exitCode}:\n${printed}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy && child.pid !== undefined) return { url, pid: child.pid, output: () => printed, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`control-room serve did not answer /api/health in time:\n${printed}`);
    }
    await pause(200);
  }
}
