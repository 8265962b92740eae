import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError, VfsRoleSchema, type LineRange, type VfsNode } from '../../protocol/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { errorResponses, jsonContent } from '../schemas.js';

const lineNumber = z.coerce.number().int().min(1).max(10_000_000);

const FileQuerySchema = z.strictObject({
  path: z.string().min(1).max(1024).describe('VFS path, e.g. Story/Scenes/SCN-01-the-lamp-room.md'),
  start: lineNumber.optional().describe('first line, 1-based'),
  end: lineNumber.optional().describe('last line, inclusive (clamped to the end of the file)'),
});

const VfsFileNodeSchema = z.object({
  type: z.literal('file'),
  name: z.string(),
  path: z.string(),
  role: VfsRoleSchema,
  size: z.number().int(),
  virtual: z.literal(true).optional().describe('Canon.md, whose content lives in app data'),
}).openapi('VfsFileNode');

// A folder holds folders and files: the schema refers to itself, as the tree does.
const VfsFolderNodeSchema = z.object({
  type: z.literal('folder'),
  name: z.string(),
  path: z.string(),
  get children(): z.ZodArray<z.ZodType<VfsNode>> {
    return z.array(VfsNodeSchema);
  },
}).openapi('VfsFolderNode');

const VfsNodeSchema: z.ZodType<VfsNode> = z.union([VfsFileNodeSchema, VfsFolderNodeSchema]).openapi('VfsNode');

/** The whole tree (`VfsTree` of src/protocol/vfs.ts). */
const VfsTreeSchema = z.object({
  root: VfsFolderNodeSchema,
  outlinePath: z.string().nullable(),
  fileCount: z.number().int(),
}).openapi('GetVfsTreeResponse');

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
  responses: { 200: jsonContent(VfsTreeSchema, 'The VFS tree') },
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
