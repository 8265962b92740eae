import { sha256Hex, utf8Head } from '../receipts/index.js';
import type { ToolRunResult } from '../tool-runs/index.js';

export interface InjectedToolResult {
  /** The raw JSON the model receives as the tool message. */
  text: string;
  bytes: number;
  truncated: boolean;
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
  const sha256 = sha256Hex(whole);
  const frame = JSON.stringify({ receipt_id: run.receiptId, status: run.status, truncated: true, full_size: size, sha256, excerpt: '' });
  const room = Math.max(0, budgetBytes - Buffer.byteLength(frame, 'utf8') - 16);
  const excerpt = utf8Head(JSON.stringify(run.result), room);
  const text = JSON.stringify({ receipt_id: run.receiptId, status: run.status, truncated: true, full_size: size, sha256, excerpt });
  return { text, bytes: Buffer.byteLength(text, 'utf8'), truncated: true };
}
