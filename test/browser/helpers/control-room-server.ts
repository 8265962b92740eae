/**
 * Starts the real product for a browser test: `control-room serve` on a free loopback port over a
 * workspace, exactly as a writer would run it, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../e2e/helpers/run-cli.js';

export interface RunningServer {
  url: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Throws with the build command when the compiled server or the built web app is missing. */
export function requireBuild(): void {
  const missing = ['dist/cli/main.js', 'web/dist/index.html'].filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  if (missing.length > 0) {
    throw new Error(`${missing.join(' and ')} missing: run "npm run build" (or "npx tsc -p tsconfig.build.json && npx vite build --config web/vite.config.ts") first.`);
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`control-room serve exited with ${child.exitCode}:\n${output()}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`control-room serve did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

/** Runs `node bin/control-room.js serve --workspace <dir> --port <port> [extra flags]` and waits until it answers. */
export async function startControlRoom(workspace: string, env: Record<string, string>, extraArgs: string[] = []): Promise<RunningServer> {
  requireBuild();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/control-room.js'), 'serve', '--workspace', workspace, '--port', String(port), ...extraArgs], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(url, child, () => printed, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: () => printed, stop };
}
