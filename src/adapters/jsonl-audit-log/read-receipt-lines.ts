import { promises as fs } from 'node:fs';
import { ToolReceiptSchema, type ToolReceipt } from '../../protocol/index.js';
import type { StoredReceiptLine } from '../../core/ports/index.js';

/** The lines of a JSONL file (none when it does not exist or is a folder), numbered from 1. */
export async function readReceiptLines(absolutePath: string, relativePath: string): Promise<StoredReceiptLine[]> {
  let text: string;
  try {
    text = await fs.readFile(absolutePath, 'utf8');
  } catch (error) {
    // A folder where the log should be holds no receipts; verify then reports what the seal misses.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return [];
    throw error;
  }
  const raws = text.split('\n');
  // The file ends with a newline, so the last piece is empty; a torn final line keeps its text.
  if (raws[raws.length - 1] === '') raws.pop();
  return raws.map((raw, index) => ({ file: relativePath, line: index + 1, raw }));
}

/** The receipt on a line, or null when the line is not a well-formed receipt. */
export function parseReceiptLine(raw: string): ToolReceipt | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return ToolReceiptSchema.safeParse(parsed).success ? (parsed as ToolReceipt) : null;
  } catch {
    return null;
  }
}

/** Every well-formed receipt among the lines, in order. */
export function parseReceiptLines(lines: readonly StoredReceiptLine[]): ToolReceipt[] {
  return lines.map((stored) => parseReceiptLine(stored.raw)).filter((receipt): receipt is ToolReceipt => receipt !== null);
}
