import { ControlRoomError, FileReaderArgsSchema, type FileReaderArgs } from '../../protocol/index.js';
import { sha256Hex } from '../manuscript/file-ref.js';
import type { ToolDefinition } from './tool-definition.js';

/** Most lines one `file_reader` call returns; longer ranges continue at `next_start_line`. */
export const MAX_READ_LINES = 400;

/** `file_reader`: the exact text of a line range, so quotes and line references rest on what the file says. */
export const fileReaderTool: ToolDefinition<FileReaderArgs> = {
  id: 'file_reader',
  summary: "Read a file's exact text, or a line range (at most 400 lines a call).",
  description:
    'Read the exact text of a file (or a line range of it) from the manuscript. Use it before quoting a scene, ' +
    'a Compendium entry or Canon.md, and to check what a given line says. Returns at most 400 lines per call; ' +
    'when more remain, call again from next_start_line.',
  schema: FileReaderArgsSchema,
  example: { path: 'Story/Scenes/SCN-01-the-lamp-room.md', start_line: 1, end_line: 40 },
  async run(args, context) {
    const start = args.start_line ?? 1;
    // No end_line means "to the end of the file", which the cap below may cut short.
    const askedEnd = args.end_line ?? Number.POSITIVE_INFINITY;
    if (askedEnd < start) {
      throw new ControlRoomError('line_range_invalid', `end_line ${askedEnd} is before start_line ${start}; ask for a range that ends at or after its start.`, {
        fault: 'model',
      });
    }
    const end = Math.min(askedEnd, start + MAX_READ_LINES - 1);
    const read = await context.workspace.read(args.path, { start, end });
    const result: Record<string, unknown> = {
      path: read.path,
      start_line: read.startLine,
      end_line: read.endLine,
      total_lines: read.lines,
      sha256: read.sha256,
      content: read.content,
    };
    // Only a cap we imposed earns a continuation hint; a range that ran past the end did not.
    if (end < askedEnd && read.endLine < read.lines) {
      result['capped'] = true;
      result['next_start_line'] = read.endLine + 1;
      result['note'] = `At most ${MAX_READ_LINES} lines per call; continue with start_line ${read.endLine + 1}.`;
    }
    const fileRef = { path: read.path, start_line: read.startLine, end_line: read.endLine, sha256: sha256Hex(read.content) };
    return { result, fileRefs: [fileRef] };
  },
};
