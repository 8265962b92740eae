import { ToolReceiptSchema, type ToolReceipt } from '../../protocol/index.js';
import type { ReceiptVerifyKeys } from './receipt-keys.js';
import { canonicalReceipt, sha256Hex } from './receipt-payload.js';
import { verifyReceipt } from './verify-receipt.js';

/** A line that holds a well-formed receipt with valid signatures, and the hash the next line must chain to. */
export type CheckedLine = { ok: true; receipt: ToolReceipt; hash: string } | { ok: false; reason: string };

function describeJsonError(raw: string, error: unknown): string {
  const trimmed = raw.trimEnd();
  const unfinished = trimmed.startsWith('{') && !trimmed.endsWith('}');
  return `${unfinished ? 'line is cut off mid-JSON (truncated write?)' : 'line is not valid JSON'}: ${(error as Error).message}`;
}

/**
 * Checks one stored line on its own: JSON, the receipt schema and the signatures. Chain order and
 * duplicate ids depend on the neighbouring lines and are checked by the caller.
 */
export function checkReceiptLine(raw: string, keys: ReceiptVerifyKeys): CheckedLine {
  if (raw.trim() === '') return { ok: false, reason: 'blank line where a receipt should be (a line was removed or the file was edited)' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { ok: false, reason: describeJsonError(raw, error) };
  }
  const schema = ToolReceiptSchema.safeParse(parsed);
  if (!schema.success) {
    const issue = schema.error.issues[0];
    const where = issue && issue.path.length > 0 ? `field ${issue.path.join('.')}` : 'receipt';
    return { ok: false, reason: `${where} does not match the receipt schema: ${issue?.message ?? 'invalid'}` };
  }
  // Sign and hash the value as stored, not zod's copy, so nothing is dropped or added on the way.
  const receipt = parsed as ToolReceipt;
  try {
    const canonical = canonicalReceipt(receipt);
    const verdict = verifyReceipt(receipt, keys, canonical.payload);
    if (!verdict.ok) return { ok: false, reason: verdict.issues.map((issue) => issue.message).join('; ') };
    return { ok: true, receipt, hash: sha256Hex(canonical.full) };
  } catch (error) {
    return { ok: false, reason: `receipt cannot be canonicalised for its signature check: ${(error as Error).message}` };
  }
}
