import path from 'node:path';
import type { SecretScrubber } from '../../core/secrets/index.js';

/** The workspace's app-data folder: everything the product writes for itself lives under it. */
const APP_DATA = '.control-room';
/**
 * App data written verbatim: `audit/` holds signed receipts, scrubbed by the ledger before they are
 * signed (scrubbing after would break their signatures), and the keys; the endpoint settings must
 * keep the API key the writer saved (it goes only to the origin it was saved for).
 */
const VERBATIM_FOLDERS = new Set(['audit']);
const VERBATIM_FILES = new Set(['agents/agent-endpoints.json']);

/**
 * The process's scrubber, loaded on the first write that needs it: the secret scanner is heavy,
 * and commands that only read (a tree, an audit check) should not pay for it at start-up.
 */
async function scrubber(): Promise<SecretScrubber> {
  return (await import('../secretlint-scanner/index.js')).processScrubber();
}

/** Whether a file is app data that passes the scrubbing boundary before it is written. */
export function isScrubbedAppData(filePath: string): boolean {
  const parts = path.resolve(filePath).split(path.sep);
  const at = parts.lastIndexOf(APP_DATA);
  if (at === -1 || at >= parts.length - 1) return false;
  const inside = parts.slice(at + 1);
  return !VERBATIM_FOLDERS.has(inside[0] ?? '') && !VERBATIM_FILES.has(inside.join('/'));
}

/**
 * The scrubbing boundary of app data at rest: a value about to be written under `.control-room/`
 * has every secret replaced by its `secret_ref`. Free text gets the named rules and the entropy
 * check; a field that is one token (an id, a token the product minted, encoded bytes) gets the
 * named rules only. Other files come back unchanged.
 */
export async function scrubAppData<T>(filePath: string, value: T): Promise<T> {
  if (!isScrubbedAppData(filePath)) return value;
  return (await (await scrubber()).scrubValue(value, { entropy: 'free-text' })).value;
}

/**
 * The same boundary for one line of a JSON-lines file: a JSON line is scrubbed value by value
 * (and kept byte for byte when it holds no secret), any other line as text.
 */
export async function scrubAppLine(filePath: string, line: string): Promise<string> {
  if (!isScrubbedAppData(filePath)) return line;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return (await (await scrubber()).scrub(line)).text;
  }
  const { value, refs } = await (await scrubber()).scrubValue(parsed, { entropy: 'free-text' });
  return refs.length === 0 ? line : JSON.stringify(value);
}

/** The same boundary for a text file written under `.control-room/` (the canon index, notes). */
export async function scrubAppText(filePath: string, text: string): Promise<string> {
  if (!isScrubbedAppData(filePath)) return text;
  return (await (await scrubber()).scrub(text)).text;
}
