import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initWorkspace } from '../fs-workspace/index.js';
import { InMemoryTraceStore } from '../../core/traces/index.js';
import { openConferenceServices } from './open-conference-services.js';
import { openControlRoom, type ControlRoom } from './open-control-room.js';
import { resolveCanonModel, CANON_AGENT_ID } from './open-pipeline.js';
import { taskDependencies } from './task-dependencies.js';

let base: string;
let dir: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-model-factory-'));
  dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function withRoom(env: Record<string, string>, work: (room: ControlRoom) => Promise<void>): Promise<void> {
  const room = await openControlRoom(dir, { env, homeDir: null, traces: new InMemoryTraceStore() });
  try {
    await work(room);
  } finally {
    await room.close();
  }
}

// Nothing here loads llama.cpp: the embedded model loads its weights on the first call only.
describe('the one model factory', () => {
  it('gives every door the embedded model when CONTROL_ROOM_GGUF_PATH is set: chat, conference, tasks, canon, runs', async () => {
    const gguf = path.join(base, 'models', 'story-7b.Q4_K_M.gguf');
    await withRoom({ CONTROL_ROOM_GGUF_PATH: ` ${gguf} `, CONTROL_ROOM_LLM_BASE_URL: 'http://127.0.0.1:9/v1' }, async (room) => {
      const endpointOf = (models: { primary: { endpoint: string }; fallback: { endpoint: string } | null }) => models.primary.endpoint;
      const chat = room.turnDependencies().modelsFor('chief').models;
      const conference = openConferenceServices(room).dependencies().modelsFor('continuity').models;
      const tasks = taskDependencies(room);
      const canon = await resolveCanonModel(room, 'model');
      const seen = [chat, conference, tasks.modelsFor('planner').models, tasks.modelsFor('actor').models, canon.model!.models, room.modelsFor(CANON_AGENT_ID).models];
      expect(seen.map(endpointOf)).toEqual(Array(seen.length).fill(`gguf:${gguf}`));
      // One embedded instance for every agent: the weights would load once.
      expect(chat.primary.name).toBe('story-7b.Q4_K_M.gguf');
    });
  });

  it('talks to the endpoint server when no GGUF file is named', async () => {
    await withRoom({ CONTROL_ROOM_LLM_BASE_URL: 'http://127.0.0.1:9/v1', CONTROL_ROOM_LLM_MODEL: 'qwen2.5-7b-instruct', CONTROL_ROOM_GGUF_PATH: '  ' }, async (room) => {
      const { primary } = room.modelsFor('chief').models;
      expect(primary.endpoint).toContain('127.0.0.1:9');
      expect(primary.name).toBe('qwen2.5-7b-instruct');
    });
  });

  it('builds an agent model once and again only when its endpoint changes (a settings save while running)', async () => {
    await withRoom({}, async (room) => {
      const first = room.modelsFor('chief').models.primary;
      expect(room.modelsFor('chief').models.primary).toBe(first);
      room.endpoints.default = { ...room.endpoints.default, model: 'another-model' };
      const changed = room.modelsFor('chief').models.primary;
      expect(changed).not.toBe(first);
      expect(changed.name).toBe('another-model');
    });
  });
});
