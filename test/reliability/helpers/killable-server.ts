/**
 * The real product for the reliability tests over HTTP: the compiled `control-room serve` on a free
 * loopback port, live on a model server, as a child process a test can stop (its pid is there to
 * read its memory), or SIGKILL at any moment and start again on the same workspace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../browser/helpers/control-room-server.js';
import { REPO_ROOT } from '../../e2e/helpers/run-cli.js';

export interface KillableServer {
  url: string;
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  /** Resolves when the process has exited (killed or not). */
  exited: Promise<void>;
  /** SIGKILL, no goodbye: no close handler, no flush, no cleanup runs. */
  kill: () => Promise<void>;
  /** SIGTERM, the normal way out (SIGKILL after 10 s). */
  stop: () => Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`control-room serve exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    const response = await fetch(`${url}/api/health`).catch(() => null);
    if (response?.ok) {
      const health = (await response.json()) as { ok?: boolean; mode?: string };
      if (health.ok === true && health.mode === 'live') return;
      throw new Error(`control-room serve is not talking to the loopback model: ${JSON.stringify(health)}\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`control-room serve did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

/** Runs `node bin/control-room.js serve --workspace <dir> --port <free>` and waits until /api/health answers in live mode. */
export async function startKillableServer(workspace: string, env: Record<string, string>): Promise<KillableServer> {
  if (!existsSync(path.join(REPO_ROOT, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run "npx tsc -p tsconfig.build.json" first.');
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/control-room.js'), 'serve', '--workspace', workspace, '--port', String(port)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = (): boolean => child.exitCode !== null || child.signalCode !== null;
  const kill = async (): Promise<void> => {
    if (!gone()) child.kill('SIGKILL');
    await exited;
  };
  const stop = async (): Promise<void> => {
    if (gone()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, () => printed, 60_000);
  } catch (error) {
    await kill();
    throw error;
  }
  return { url, pid: child.pid!, output: () => printed, exited, kill, stop };
}
