import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError, IssueSchema, type Issue } from '../../protocol/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { errorResponses, IdParamsSchema, jsonContent, LooseObjectSchema } from '../schemas.js';
import { verifiedIssueReceipts } from '../verified-receipts.js';

const listRoute = createRoute({
  method: 'get',
  path: '/api/issues',
  tags: ['issues'],
  summary: 'Issues, newest first (archived conference turns included)',
  request: { query: z.strictObject({ status: z.enum(['open', 'closed', 'all']).optional().describe('default all') }) },
  responses: { 200: jsonContent(z.object({ issues: z.array(IssueSchema) }), 'The issues'), ...errorResponses(400) },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/issues/{id}',
  tags: ['issues'],
  summary: 'One issue with its linked receipts, each marked verified or not',
  request: { params: IdParamsSchema },
  responses: {
    200: jsonContent(z.object({ issue: IssueSchema, receipts: z.array(LooseObjectSchema.describe('ToolReceipt & { verified: boolean }')) }), 'The issue and its receipts'),
    ...errorResponses(400, 404),
  },
});

function newestFirst(a: Issue, b: Issue): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id, 'en', { numeric: true });
}

/** `GET /api/issues[?status=…]`, `GET /api/issues/{id}` */
export function registerIssueRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  app.openapi(listRoute, async (c) => {
    const status = c.req.valid('query').status ?? 'all';
    const issues = (await room.issues.list()).filter((issue) => status === 'all' || issue.status === status).sort(newestFirst);
    return c.json({ issues }, 200);
  });
  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    const issue = await room.issues.get(id);
    if (!issue) throw new ControlRoomError('issue_not_found', `No issue ${id}. List the issues with GET /api/issues.`);
    const receipts = await verifiedIssueReceipts(room.root, await room.auditLog.issueRawLines(id));
    return c.json({ issue, receipts: receipts as unknown as Array<Record<string, unknown>> }, 200);
  });
}
