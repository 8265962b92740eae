import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateEvidence } from '../core/evidence/index.js';
import { InMemoryTraceStore } from '../core/traces/index.js';
import { openConferenceServices, openControlRoom } from '../adapters/compose/index.js';
import { initWorkspace } from '../adapters/fs-workspace/index.js';
import { JsonlConferenceTranscripts } from './conference-transcripts.js';
import { createServerContext } from './server-context.js';
import { serverTaskDependencies } from './routes/tasks.js';
import { startControlRoomServer } from './start-server.js';

let base: string;
let dir: string;
let gguf: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-server-models-'));
  dir = path.join(base, 'novel');
  gguf = path.join(base, 'tiny.gguf');
  await initWorkspace(dir, { sample: true });
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

// The embedded model loads its weights on its first call, so none of this runs llama.cpp.
describe('the server and the one model factory', () => {
  it('starts live on the embedded model when CONTROL_ROOM_GGUF_PATH is set, without looking for a model server', async () => {
    const probe = async () => {
      throw new Error('no server should be probed');
    };
    const server = await startControlRoomServer({ workspace: dir, port: 0, host: '127.0.0.1', allowRemote: false, demo: false, env: { CONTROL_ROOM_GGUF_PATH: gguf }, probe, webRoot: null });
    try {
      expect(server.mode).toBe('live');
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { mode: string; model: { baseUrl: string; model: string } };
      expect(health).toMatchObject({ mode: 'live', model: { baseUrl: `gguf:${gguf}`, model: 'tiny.gguf' } });
    } finally {
      await server.close();
    }
  });

  it('asks the room for every model: chat, conference and task routes share its one directory', async () => {
    const room = await openControlRoom(dir, { env: { CONTROL_ROOM_GGUF_PATH: gguf }, homeDir: null, traces: new InMemoryTraceStore() });
    try {
      const services = openConferenceServices(room);
      const context = createServerContext({
        room,
        conference: { ...services, validateReply: validateEvidence, transcripts: new JsonlConferenceTranscripts(room.root) },
        mode: 'live',
        model: { reachable: true, baseUrl: `gguf:${gguf}`, model: 'tiny.gguf' },
        version: 'test',
      });
      const chat = context.turnDependencies().modelsFor('chief').models.primary;
      const conference = context.conferenceDependencies().modelsFor('chief').models.primary;
      const planner = serverTaskDependencies(context).modelsFor('planner').models.primary;
      expect(chat.endpoint).toBe(`gguf:${gguf}`);
      // The same instance: one directory, not one per route.
      expect(conference).toBe(chat);
      expect(planner.endpoint).toBe(`gguf:${gguf}`);
      expect(room.modelsFor('chief').models.primary).toBe(chat);
    } finally {
      await room.close();
    }
  });
});
