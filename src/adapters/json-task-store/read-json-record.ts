import { promises as fs } from 'node:fs';
import type { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { readVersionedJson } from '../fs-store/index.js';

function corrupt(file: string, reason: string): ControlRoomError {
  return new ControlRoomError('task_store_corrupt', `${file} cannot be read: ${reason}. It was left untouched; repair it or move it aside.`, { fault: 'system', details: { file } });
}

/**
 * Reads one persisted task-store record: null when the file does not exist, `task_store_corrupt`
 * when it does not parse, does not match, or was written by a newer Control Room.
 */
export function readJsonRecord<T>(file: string, schema: z.ZodType<T>, version: number): Promise<T | null> {
  return readVersionedJson(file, schema, version, corrupt);
}

/** The `.json` file names of a folder (none when it does not exist). */
export async function jsonFilesIn(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).map((entry) => entry.name);
}
