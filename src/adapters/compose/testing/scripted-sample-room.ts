import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initWorkspace } from '../../fs-workspace/index.js';
import { ScriptedModel } from '../../scripted-model/index.js';
import { openControlRoom, type ControlRoom } from '../open-control-room.js';

/** The sample novel in a temp folder, opened with every agent on one scripted model. */
export interface ScriptedSampleRoom {
  root: string;
  room: ControlRoom;
  model: ScriptedModel;
  /** Closes the room and removes the temp folder. */
  close(): Promise<void>;
}

/** Opens a fresh sample workspace (`prefix` names its temp folder) whose model is scripted. */
export async function openScriptedSampleRoom(prefix: string): Promise<ScriptedSampleRoom> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const root = path.join(base, 'novel');
  await initWorkspace(root, { sample: true });
  const model = new ScriptedModel();
  const room = await openControlRoom(root, { env: {}, homeDir: null, modelFactory: () => model });
  return {
    root,
    room,
    model,
    close: async () => {
      await room.close();
      await fs.rm(base, { recursive: true, force: true });
    },
  };
}
