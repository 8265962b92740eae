import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../adapters/fs-store/index.js';

/** The real `control-room` binary, started as a user would, with where it listens. */
export interface ServerProcess {
  url: string;
  /** Everything printed so far. */
  stdout(): string;
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code once the process is gone. */
  stop(): Promise<number | null>;
}

/** Why a server process ended before it printed its address. */
export interface EarlyExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node bin/control-room.js <args>` (the compiled package: build it first) and waits for the
 * "running at http://…" line. Rejects with an {@link EarlyExit} if the process ends first.
 */
export function startServerProcess(args: readonly string[], options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {}): Promise<ServerProcess> {
  const root = packageRoot();
  if (!existsSync(path.join(root, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run "npm run build" (or npx tsc -p tsconfig.build.json) first.');
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [path.join(root, 'bin/control-room.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not print its address within ${options.timeoutMs ?? 90_000} ms.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, options.timeoutMs ?? 90_000);
    const check = (): void => {
      // The address line and the lines after it (token, how to stop) are complete once "Ctrl+C" or the JSON line's end is in.
      const match = /running at (http:\/\/\S+)[\s\S]*Ctrl\+C/.exec(stdout) ?? /"url":"(http:\/\/[^"]+)".*\n/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve({ url: match[1]!, stdout: () => stdout, stderr: () => stderr, stop });
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      const early: EarlyExit = { code, stdout, stderr };
      reject(early);
    });
  });
}
