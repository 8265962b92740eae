import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelServerProbe } from '../adapters/openai-compatible-model/index.js';
import { initWorkspace } from '../adapters/fs-workspace/index.js';
import { startLoopbackModelServer } from '../adapters/loopback-model-server/index.js';
import { detectModelServer } from './detect-model-server.js';

let base: string;
let dir: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-detect-'));
  dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** Probes that answer for the listed base URLs, recording the order they were asked in. */
function probes(answering: Record<string, string[]>): { probe: (baseUrl: string) => Promise<ModelServerProbe>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    probe: async (baseUrl) => {
      asked.push(baseUrl);
      const models = answering[baseUrl];
      return models ? { baseUrl, reachable: true, models } : { baseUrl, reachable: false, models: [], error: 'ECONNREFUSED' };
    },
  };
}

const LM_STUDIO = 'http://127.0.0.1:1234/v1';
const OLLAMA = 'http://127.0.0.1:11434/v1';

describe('detectModelServer', () => {
  it('uses the configured server when it answers, with the model it names', async () => {
    const { probe, asked } = probes({ 'http://10.0.0.5:8080/v1': ['other'] });
    const found = await detectModelServer(dir, { env: { CONTROL_ROOM_LLM_BASE_URL: 'http://10.0.0.5:8080/v1', CONTROL_ROOM_LLM_MODEL: 'mine' }, probe });
    expect(found).toEqual({ mode: 'live', status: { reachable: true, baseUrl: 'http://10.0.0.5:8080/v1', model: 'mine' }, env: {} });
    expect(asked).toEqual(['http://10.0.0.5:8080/v1']);
  });

  it('falls back on LM Studio, then Ollama, taking the first listed model when none is named', async () => {
    const { probe, asked } = probes({ [OLLAMA]: ['llama3.2', 'qwen2.5'] });
    const found = await detectModelServer(dir, { env: { CONTROL_ROOM_LLM_BASE_URL: 'http://127.0.0.1:9/v1' }, probe });
    expect(asked).toEqual(['http://127.0.0.1:9/v1', LM_STUDIO, OLLAMA]);
    expect(found).toEqual({ mode: 'live', status: { reachable: true, baseUrl: OLLAMA, model: 'llama3.2' }, env: { CONTROL_ROOM_LLM_BASE_URL: OLLAMA, CONTROL_ROOM_LLM_MODEL: 'llama3.2' } });
  });

  it('runs the demo when nothing answers, saying what was tried', async () => {
    const { probe } = probes({});
    const found = await detectModelServer(dir, { env: {}, probe });
    expect(found.mode).toBe('demo');
    expect(found.status).toMatchObject({ reachable: false, baseUrl: LM_STUDIO, model: 'control-room-demo' });
    expect(found.status.message).toContain(`${OLLAMA} (ECONNREFUSED)`);
  });

  it('probes a real server over HTTP', async () => {
    const server = await startLoopbackModelServer([], { models: ['loopback-a', 'loopback-b'] });
    try {
      const found = await detectModelServer(dir, { env: { CONTROL_ROOM_LLM_BASE_URL: server.baseUrl }, candidates: [] });
      expect(found.status).toEqual({ reachable: true, baseUrl: server.baseUrl, model: 'loopback-a' });
    } finally {
      await server.close();
    }
  });
});
