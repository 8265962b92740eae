import { ControlRoomError, type LineRange } from '../../protocol/index.js';

/** Splits text into lines; a final newline does not start an extra empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Parses `12-20`, `12` or `12:20` into a range; throws `line_range_invalid` with what to type instead. */
export function parseLineRange(spec: string): LineRange {
  const match = /^\s*(\d{1,9})\s*(?:[-:]\s*(\d{1,9}))?\s*$/.exec(spec);
  if (!match) {
    throw new ControlRoomError('line_range_invalid', `Line range ${JSON.stringify(spec)} is not of the form "12-20" or "12".`);
  }
  const start = Number(match[1]);
  const end = match[2] === undefined ? start : Number(match[2]);
  if (start < 1 || end < start) {
    throw new ControlRoomError('line_range_invalid', `Line range ${JSON.stringify(spec)} must start at 1 or later and end at or after its start.`);
  }
  return { start, end };
}

/**
 * Returns the lines of `range` (clamped to the end of the file) and where they start and end.
 * A range starting past the last line is refused so a model learns the file's real length.
 */
export function sliceLines(path: string, allLines: readonly string[], range?: LineRange): { text: string; startLine: number; endLine: number } {
  if (allLines.length === 0) {
    if (range && range.start > 1) {
      throw new ControlRoomError('line_range_invalid', `${path} is empty; it has no line ${range.start}.`);
    }
    return { text: '', startLine: 0, endLine: 0 };
  }
  if (!range) return { text: allLines.join('\n'), startLine: 1, endLine: allLines.length };
  if (!Number.isInteger(range.start) || !Number.isInteger(range.end) || range.start < 1 || range.end < range.start) {
    throw new ControlRoomError('line_range_invalid', `Line range ${range.start}-${range.end} is not valid: lines start at 1 and end at or after the start.`);
  }
  if (range.start > allLines.length) {
    throw new ControlRoomError('line_range_invalid', `${path} has ${allLines.length} lines; line ${range.start} does not exist.`);
  }
  const endLine = Math.min(range.end, allLines.length);
  return { text: allLines.slice(range.start - 1, endLine).join('\n'), startLine: range.start, endLine };
}
