import { promises as fs } from 'node:fs';
import type { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';

/**
 * Pending changes per file, shared by every store in this process, so two stores opened on the
 * same workspace (one per request, say) still change a file one after the other.
 */
const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier change of the same file has settled; a failure does not block the next. */
export function serialiseFileChange<T>(filePath: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(filePath) ?? Promise.resolve();
  const run = previous.then(work);
  const settled = run.catch(() => undefined);
  queues.set(filePath, settled);
  void settled.then(() => {
    if (queues.get(filePath) === settled) queues.delete(filePath);
  });
  return run;
}

/**
 * Reads and validates a JSON file; null when it does not exist. A file that does not parse, does
 * not match, or was written by a newer release is reported with `code` and never overwritten.
 */
export async function readJsonFile<Schema extends z.ZodType>(
  filePath: string,
  schema: Schema,
  options: { code: string; what: string; schemaVersion: number },
): Promise<z.infer<Schema> | null> {
  let text: string;
  try {
    text = await fs.readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const corrupt = (reason: string) =>
    new ControlRoomError(options.code, `The ${options.what} ${filePath} cannot be read: ${reason}. It was left untouched; repair it or move it aside.`, {
      fault: 'user',
      details: { file: filePath },
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(`it is not valid JSON (${(error as Error).message})`);
  }
  const version = (value as { schema_version?: unknown } | null)?.schema_version;
  if (typeof version === 'number' && version > options.schemaVersion) {
    throw corrupt(`it was written by a newer Control Room (schema_version ${version}); upgrade to read it`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw corrupt(`${first?.path.join('.') || 'the top level'}: ${first?.message ?? 'does not match the expected format'}`);
  }
  return parsed.data;
}
