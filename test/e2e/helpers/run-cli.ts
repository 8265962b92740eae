import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(REPO_ROOT, 'bin/control-room.js');

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (throws with the raw text when it is not JSON). */
  json: <T = Record<string, unknown>>() => T;
}

/** Runs the real `control-room` binary (the compiled package, as a user would) and collects its output. */
export async function runCli(args: string[], options: { input?: string; env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<CliRun> {
  if (!existsSync(path.join(REPO_ROOT, 'dist/cli/main.js'))) {
    throw new Error('dist/ is missing: run "npm test" (it builds first) or "npm run build".');
  }
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.input ?? '');
  const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return {
    status,
    stdout,
    stderr,
    json: <T,>() => {
      try {
        return JSON.parse(stdout) as T;
      } catch {
        throw new Error(`stdout is not JSON (exit ${status}):\n${stdout}\nstderr:\n${stderr}`);
      }
    },
  };
}

/** The `--json` reply of `control-room chat` (SPEC §14). */
export interface ChatJson {
  content: string;
  evidence: string | null;
  receipts: string[];
  rejections: Array<{ code: string }>;
  stopHook: string | null;
  traceRoundId: string;
  channel: string | null;
  usedFallback: boolean;
  validation: { ok: boolean; issues: Array<{ code: string }> };
}

/** One `control-room chat <message> --json` turn in `workspace` against the model server at `baseUrl`; fails the test on an internal error. */
export async function runChat(workspace: string, baseUrl: string, message: string, extra: string[] = [], env: Record<string, string> = {}): Promise<ChatJson> {
  const run = await runCli(['chat', message, '--workspace', workspace, '--json', ...extra], {
    env: { CONTROL_ROOM_LLM_BASE_URL: baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model', ...env },
  });
  expect(run.stderr).not.toMatch(/internal_error/);
  return run.json<ChatJson>();
}
