import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError, type LineRange } from '../../protocol/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { errorResponses, jsonContent, LooseObjectSchema } from '../schemas.js';

const lineNumber = z.coerce.number().int().min(1).max(10_000_000);

const FileQuerySchema = z.strictObject({
  path: z.string().min(1).max(1024).describe('VFS path, e.g. Story/Scenes/SCN-01-the-lamp-room.md'),
  start: lineNumber.optional().describe('first line, 1-based'),
  end: lineNumber.optional().describe('last line, inclusive (clamped to the end of the file)'),
});

const VfsFileSchema = z.object({
  path: z.string(),
  content: z.string(),
  lines: z.number().int(),
  startLine: z.number().int(),
  endLine: z.number().int(),
  sha256: z.string(),
  size: z.number().int(),
}).openapi('VfsFile');

const treeRoute = createRoute({
  method: 'get',
  path: '/api/vfs/tree',
  operationId: 'getVfsTree',
  tags: ['vfs'],
  summary: 'The manuscript as agents see it: Story/, Compendium/ and Canon.md',
  responses: { 200: jsonContent(LooseObjectSchema.describe('VfsTree (src/protocol/vfs.ts): root folder, outlinePath, fileCount').openapi('GetVfsTreeResponse'), 'The VFS tree') },
});

const fileRoute = createRoute({
  method: 'get',
  path: '/api/vfs/file',
  operationId: 'readVfsFile',
  tags: ['vfs'],
  summary: 'A file of the VFS, or some of its lines',
  request: { query: FileQuerySchema },
  responses: { 200: jsonContent(VfsFileSchema, 'The file’s text and its sha256'), ...errorResponses(400, 404) },
});

function lineRange(start: number | undefined, end: number | undefined): LineRange | undefined {
  if (start === undefined && end === undefined) return undefined;
  const range = { start: start ?? 1, end: end ?? Number.MAX_SAFE_INTEGER };
  if (range.end < range.start) throw new ControlRoomError('line_range_invalid', `Line range ${range.start}-${range.end} is not valid: the end must be at or after the start.`);
  return range;
}

/** `GET /api/vfs/tree`, `GET /api/vfs/file?path=…[&start=N&end=M]` (refused paths 400, missing 404). */
export function registerVfsRoutes(app: ServerApp, context: ServerContext): void {
  const { workspace } = context.room;
  app.openapi(treeRoute, async (c) => c.json(await workspace.tree(), 200));
  app.openapi(fileRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(await workspace.read(query.path, lineRange(query.start, query.end)), 200);
  });
}
