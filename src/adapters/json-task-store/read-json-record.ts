import { promises as fs } from 'node:fs';
import type { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';

function corrupt(file: string, reason: string): ControlRoomError {
  return new ControlRoomError('task_store_corrupt', `${file} cannot be read: ${reason}. It was left untouched; repair it or move it aside.`, { fault: 'system', details: { file } });
}

/**
 * Reads one persisted JSON record and checks it against its schema: null when the file does not
 * exist, `task_store_corrupt` when it does not parse, does not match, or was written by a newer
 * Control Room (a higher `schema_version`), so a bad file is reported, never silently replaced.
 */
export async function readJsonRecord<T>(file: string, schema: z.ZodType<T>, version: number): Promise<T | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(file, `it is not valid JSON (${(error as Error).message})`);
  }
  const found = (value as { schema_version?: unknown } | null)?.schema_version;
  if (typeof found === 'number' && found > version) throw corrupt(file, `it was written by a newer Control Room (schema_version ${found})`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw corrupt(file, `${first?.path.join('.') || 'the top level'}: ${first?.message ?? 'does not match its format'}`);
  }
  return parsed.data;
}

/** The `.json` file names of a folder (none when it does not exist). */
export async function jsonFilesIn(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).map((entry) => entry.name);
}
