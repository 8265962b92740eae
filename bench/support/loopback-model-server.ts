/**
 * The round script's loopback model server (support/loopback-model-child.ts) started in a child
 * process, so the benchmark process's CPU is the client's alone; and the built package's modules,
 * for benchmarks that run our code as a writer gets it (dist/, not through the transpiler).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BUILT = path.join(HERE, '..', '..', 'dist');

export interface LoopbackModelServer {
  baseUrl: string;
  /** How `paced-model` answers: delay to the first token, then tokens per second. */
  firstTokenMs: number;
  tokensPerSecond: number;
  child: ChildProcess;
  /** Closes the child's stdin and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts the loopback model server; `bench` names the benchmark in errors. */
export async function startLoopbackModelServer(bench: string): Promise<LoopbackModelServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'loopback-model-child.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    lines.close();
    const printed = JSON.parse(line) as Pick<LoopbackModelServer, 'baseUrl' | 'firstTokenMs' | 'tokensPerSecond'>;
    return {
      ...printed,
      child,
      stop: async () => {
        child.stdin?.end();
        await exited;
      },
    };
  }
  throw new Error(`${bench} bench: the loopback model server exited before it printed its address.`);
}

/** A module of the built package, typed as its source: `built<typeof import('../src/x/index.js')>('x/index.js')`. */
export async function built<T>(bench: string, modulePath: string): Promise<T> {
  const file = path.join(BUILT, modulePath);
  if (!existsSync(file)) throw new Error(`${bench} bench: dist/ is missing: run "npm run build" first.`);
  return (await import(pathToFileURL(file).href)) as T;
}

/**
 * The sample novel in a new workspace at `dir`, opened as a writer runs it (the built package)
 * with the loopback model server as its model; also the built `runChatTurn` to drive it.
 */
export async function openSampleRoom(bench: string, dir: string, server: LoopbackModelServer) {
  const { openControlRoom } = await built<typeof import('../../src/adapters/compose/index.js')>(bench, 'adapters/compose/index.js');
  const { initWorkspace } = await built<typeof import('../../src/adapters/fs-workspace/index.js')>(bench, 'adapters/fs-workspace/index.js');
  await initWorkspace(dir, { sample: true });
  return openControlRoom(dir, { env: { CONTROL_ROOM_LLM_BASE_URL: server.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' }, homeDir: null });
}
