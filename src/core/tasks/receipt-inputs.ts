import type { Envelope } from '../../protocol/tasks.js';
import { sha256Bytes, utf8Bytes } from './bytes.js';

/** Texts longer than this are kept in a receipt as their sha256 and size only. */
const MAX_INLINE_TEXT = 500;

function compact(text: string): string | { sha256: string; bytes: number } {
  if (text.length <= MAX_INLINE_TEXT) return text;
  const bytes = utf8Bytes(text);
  return { sha256: sha256Bytes(bytes), bytes: bytes.length };
}

/**
 * The inputs a task operation's receipt records: the envelope, with long texts (a whole file's
 * content, a long patch) replaced by their hash and size — the receipt proves what was written
 * without copying the manuscript into the audit log.
 */
export function receiptInputs(envelope: Envelope, index: number, commandId: string): Record<string, unknown> {
  const params: Record<string, unknown> = { ...envelope.params };
  for (const key of ['content', 'find', 'replace', 'body'] as const) {
    const value = params[key];
    if (typeof value === 'string') params[key] = compact(value);
  }
  return {
    op: envelope.op,
    params,
    index,
    command_id: commandId,
    ...(envelope.id === undefined ? {} : { envelope_id: envelope.id }),
    ...(envelope.idempotencyKey === undefined ? {} : { idempotency_key: envelope.idempotencyKey }),
  };
}
