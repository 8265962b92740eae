import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initWorkspace } from '../adapters/fs-workspace/index.js';
import { startLoopbackModelServer, type LoopbackModelServer } from '../adapters/loopback-model-server/index.js';
import { openSqliteTraceStore } from '../adapters/sqlite-trace-store/index.js';
import { startControlRoomServer, type RunningServer } from './start-server.js';

let base: string;
let dir: string;
let model: LoopbackModelServer | null = null;
let server: RunningServer | null = null;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-server-cancel-'));
  dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  await model?.close();
  server = null;
  model = null;
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** A live server on 127.0.0.1 whose every agent talks to a loopback model that never answers. */
async function startHanging(): Promise<{ server: RunningServer; model: LoopbackModelServer }> {
  model = await startLoopbackModelServer([{ hang: true }, { hang: true }, { hang: true }], { models: ['loopback-model'] });
  const env = { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' };
  server = await startControlRoomServer({ workspace: dir, port: 0, host: '127.0.0.1', allowRemote: false, demo: false, env, probe: async (baseUrl: string) => ({ baseUrl, reachable: true, models: ['loopback-model'] }), webRoot: null });
  return { server, model };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const modelCalls = (loopback: LoopbackModelServer) => loopback.requests.filter((request) => request.path.endsWith('/chat/completions'));

function chat(running: RunningServer, message: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${running.url}/api/ai/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, sessionId: 'cancel-check' }), ...(signal ? { signal } : {}) });
}

describe('a server that cancels and stops cleanly', { timeout: 60_000 }, () => {
  it('cancels an abandoned chat request down to the model call: the model server sees the connection closed', async () => {
    const { server: running, model: loopback } = await startHanging();
    const client = new AbortController();
    const answer = chat(running, 'What does the outline say?', client.signal).catch((error: unknown) => error);
    await until(() => modelCalls(loopback).length === 1, 'the turn calls the model');
    expect(modelCalls(loopback)[0]!.abandoned).toBe(false);
    client.abort();
    expect(await answer).toBeInstanceOf(Error);
    await until(() => modelCalls(loopback)[0]!.abandoned, 'the model call is cancelled');
  });

  it('ends a running turn and the turns queued behind it when stopped, before its stores close', async () => {
    const { server: running, model: loopback } = await startHanging();
    const written: string[] = [];
    const keep = (chunk: unknown) => void written.push(String(chunk));
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => keep(parts.join(' ')));
    vi.spyOn(console, 'warn').mockImplementation((...parts: unknown[]) => keep(parts.join(' ')));
    const answers = ['the lamp', 'the keeper', 'the storm'].map((topic) => chat(running, `What about ${topic}?`).then((response) => response.status, (error: unknown) => error));
    await until(() => modelCalls(loopback).length === 1, 'the first turn calls the model');
    // The other two wait behind it (one agent answers one turn at a time).
    expect(modelCalls(loopback)).toHaveLength(1);
    await running.close();
    server = null;
    const settled = await Promise.all(answers);
    expect(settled.every((outcome) => outcome instanceof Error)).toBe(true);
    expect(modelCalls(loopback)[0]!.abandoned).toBe(true);
    // The queued turns never reached the model: they began already cancelled.
    expect(modelCalls(loopback)).toHaveLength(1);
    expect(written.join('\n')).not.toContain('trace_store_closed');
    // Every turn's round was written while the store was open, and the store opens again intact.
    const traces = await openSqliteTraceStore(dir);
    try {
      const rounds = await traces.listRounds({ conversation_id: 'cancel-check' });
      expect(rounds.length).toBeGreaterThanOrEqual(1);
    } finally {
      await traces.close();
    }
  });
});
