import { readFileSync, statSync } from 'node:fs';
import type { z } from 'zod';
import type { ControlRoomError } from '../../protocol/index.js';

/**
 * Reads one persisted JSON record and checks it against its schema: null when the file does not
 * exist; the store's own "corrupt" error (made by `corrupt`) when it does not parse, does not match,
 * or was written by a newer Control Room (a higher `schema_version`), so a bad file is reported and
 * never silently replaced.
 *
 * Records are small, so they are read synchronously: a few microseconds of blocking instead of a
 * promise round trip through the thread pool per open, stat, read and close (and a thrown error
 * for a record that does not exist yet, the usual case).
 */
export async function readVersionedJson<T>(
  file: string,
  schema: z.ZodType<T>,
  version: number,
  corrupt: (file: string, reason: string) => ControlRoomError,
): Promise<T | null> {
  let text: string;
  try {
    if (statSync(file, { throwIfNoEntry: false }) === undefined) return null;
    text = readFileSync(file, 'utf8');
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
