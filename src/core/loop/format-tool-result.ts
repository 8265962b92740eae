import { createHash } from 'node:crypto';
import type { ToolRunResult } from '../tool-runs/index.js';

export interface InjectedToolResult {
  /** The raw JSON the model receives as the tool message. */
  text: string;
  bytes: number;
  truncated: boolean;
}

function utf8Head(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= maxBytes) return text;
  let end = maxBytes;
  // Step back to a character boundary so the excerpt stays valid UTF-8.
  while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return buffer.subarray(0, end).toString('utf8');
}

/**
 * The tool message a model sees: raw JSON with the receipt id. Over the budget, the output is cut
 * to an excerpt and carries the sha256 and size of the whole, so nothing is silently dropped.
 */
export function formatToolResult(run: ToolRunResult, budgetBytes: number): InjectedToolResult {
  const body = { receipt_id: run.receiptId, status: run.status, result: run.result };
  const whole = JSON.stringify(body);
  const size = Buffer.byteLength(whole, 'utf8');
  if (size <= budgetBytes) return { text: whole, bytes: size, truncated: false };
  const sha256 = createHash('sha256').update(whole).digest('hex');
  const frame = JSON.stringify({ receipt_id: run.receiptId, status: run.status, truncated: true, full_size: size, sha256, excerpt: '' });
  const room = Math.max(0, budgetBytes - Buffer.byteLength(frame, 'utf8') - 16);
  const excerpt = utf8Head(JSON.stringify(run.result), room);
  const text = JSON.stringify({ receipt_id: run.receiptId, status: run.status, truncated: true, full_size: size, sha256, excerpt });
  return { text, bytes: Buffer.byteLength(text, 'utf8'), truncated: true };
}
