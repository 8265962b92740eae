import { ControlRoomError } from '../../protocol/index.js';
import { canonicalJson, sha256Hex } from './receipt-payload.js';

/** Serialised outputs above this many bytes are stored as an excerpt plus a hash. */
export const DEFAULT_OUTPUT_LIMIT_BYTES = 8000;

/** The output part of a receipt: the whole value, or its head with the hash and size of all of it. */
export type ReceiptOutputFields =
  | { outputs: unknown; truncated: false }
  | { excerpt: string; sha256: string; full_size: number; truncated: true };

// JSON.stringify writes well-formed surrogate pairs literally and escapes only lone halves, so any
// `\udXXX` escape in its output (not itself preceded by an escaping backslash) is a lone surrogate.
const LONE_SURROGATE_ESCAPE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/** JSON text of a value with lone surrogates replaced by U+FFFD (RFC 8785 refuses them). */
function wellFormedJsonText(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new ControlRoomError('receipt_not_canonical', `A tool's inputs or outputs cannot be written as JSON: ${(error as Error).message}.`, { fault: 'system', cause: error });
  }
  if (text === undefined) return 'null';
  return text.includes('\\ud') ? text.replace(LONE_SURROGATE_ESCAPE, '$1\\ufffd') : text;
}

/**
 * The value exactly as a reader will parse it back from the log (undefined members dropped, dates
 * as strings, NaN as null, lone surrogates as U+FFFD), so what is signed is what is stored.
 */
export function toJsonValue(value: unknown): unknown {
  return JSON.parse(wellFormedJsonText(value)) as unknown;
}

/** The longest head of `text` whose UTF-8 encoding fits `maxBytes`, cut between characters. */
export function utf8Head(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // Step back over continuation bytes (10xxxxxx) so the cut never splits a character.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * Decides how a tool's outputs go into its receipt. Above the limit, the excerpt is the head of the
 * output's canonical JSON and `sha256`/`full_size` describe that whole canonical text, so anyone
 * holding the full output can recompute them.
 */
export function receiptOutputFields(outputs: unknown, limitBytes: number = DEFAULT_OUTPUT_LIMIT_BYTES): ReceiptOutputFields {
  const text = wellFormedJsonText(outputs);
  // Canonical JSON has the same members and scalars as JSON.stringify's text, only reordered, so
  // both have the same length and the cheap text decides whether to truncate.
  if (Buffer.byteLength(text, 'utf8') <= limitBytes) return { outputs: JSON.parse(text) as unknown, truncated: false };
  const canonical = canonicalJson(JSON.parse(text));
  return {
    excerpt: utf8Head(canonical, limitBytes),
    sha256: sha256Hex(canonical),
    full_size: Buffer.byteLength(canonical, 'utf8'),
    truncated: true,
  };
}
