import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError, IssueSchema, IssueStatusSchema, type Issue } from '../../protocol/index.js';
import { roundQuestion } from '../../core/conference/index.js';
import { findingOfIssue } from '../../core/runs/index.js';
import { runCommand } from '../../core/tasks/index.js';
import { JsonIntentionalFindings } from '../../adapters/fs-run-store/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { errorResponses, IdParamsSchema, jsonContent } from '../schemas.js';
import { verifiedIssueReceipts } from '../verified-receipts.js';
import { VerifiedReceiptSchema } from './audit.js';
import { serverTaskDependencies, TaskOutcomeSchema } from './tasks.js';

/** An issue as listed: the stored issue plus a readable headline (an archived round's question). */
const ListedIssueSchema = IssueSchema.extend({ headline: z.string().describe('the round\'s question for an archived conference turn, else the title') });

const listRoute = createRoute({
  method: 'get',
  path: '/api/issues',
  operationId: 'listIssues',
  tags: ['issues'],
  summary: 'Issues, newest first (archived conference turns included)',
  request: { query: z.strictObject({ status: z.enum(['open', 'closed', 'all']).optional().describe('default all') }) },
  responses: { 200: jsonContent(z.object({ issues: z.array(ListedIssueSchema) }).openapi('ListIssuesResponse'), 'The issues'), ...errorResponses(400) },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/issues/{id}',
  operationId: 'getIssue',
  tags: ['issues'],
  summary: 'One issue with its linked receipts, each marked verified or not',
  request: { params: IdParamsSchema },
  responses: {
    200: jsonContent(
      z.object({
        issue: IssueSchema,
        headline: z.string().describe('the round\'s question for an archived conference turn, else the title'),
        finding: z.object({ kind: z.string(), path: z.string(), line: z.number().int(), quote: z.string() }).nullable().describe('the continuity finding it was filed for (what "intentional" marks), else null'),
        receipts: z.array(VerifiedReceiptSchema),
      }).openapi('GetIssueResponse'),
      'The issue, its headline and its receipts',
    ),
    ...errorResponses(400, 404),
  },
});

const statusRoute = createRoute({
  method: 'post',
  path: '/api/issues/{id}/status',
  operationId: 'setIssueStatus',
  tags: ['issues'],
  summary: 'Close an issue (the issue.close command: a signed receipt, undoable) or reopen it',
  request: { params: IdParamsSchema, body: { content: { 'application/json': { schema: z.strictObject({ status: IssueStatusSchema }).openapi('SetIssueStatusRequest') } }, required: true } },
  responses: {
    200: jsonContent(z.object({ issue: ListedIssueSchema, task: z.union([TaskOutcomeSchema, z.null()]).describe('the close command\'s task (null for a reopen or no change)') }).openapi('SetIssueStatusResponse'), 'The issue after the change'),
    ...errorResponses(400, 404),
  },
});

const intentionalRoute = createRoute({
  method: 'post',
  path: '/api/issues/{id}/intentional',
  operationId: 'markIssueFindingIntentional',
  tags: ['issues'],
  summary: 'Mark the continuity finding an issue was filed for as intentional: it is not filed again for the same lines, and the issue is closed',
  request: {
    params: IdParamsSchema,
    body: { content: { 'application/json': { schema: z.strictObject({ note: z.string().max(2000).optional().describe('why it is intentional') }).openapi('MarkIssueFindingIntentionalRequest') } }, required: false },
  },
  responses: {
    200: jsonContent(z.object({ issue: ListedIssueSchema, finding: z.object({ id: z.string(), kind: z.string(), path: z.string(), line: z.number().int(), quote: z.string() }) }).openapi('MarkIssueFindingIntentionalResponse'), 'The issue, closed and tagged intentional'),
    ...errorResponses(400, 404),
  },
});

const listed = (issue: Issue) => ({ ...issue, headline: roundQuestion(issue.body) ?? issue.title });

function newestFirst(a: Issue, b: Issue): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id, 'en', { numeric: true });
}

/** `GET /api/issues[?status=…]`, `GET /api/issues/{id}`, `POST /api/issues/{id}/status`, `POST /api/issues/{id}/intentional` */
export function registerIssueRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  app.openapi(listRoute, async (c) => {
    const status = c.req.valid('query').status ?? 'all';
    const issues = (await room.issues.list()).filter((issue) => status === 'all' || issue.status === status).sort(newestFirst);
    return c.json({ issues: issues.map(listed) }, 200);
  });
  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    const issue = await room.issues.get(id);
    if (!issue) throw new ControlRoomError('issue_not_found', `No issue ${id}. List the issues with GET /api/issues.`);
    const receipts = await verifiedIssueReceipts(room.root, await room.auditLog.issueRawLines(id));
    return c.json({ issue, headline: listed(issue).headline, finding: findingOfIssue(issue), receipts }, 200);
  });
  app.openapi(statusRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const issue = await room.issues.get(id);
    if (!issue) throw new ControlRoomError('issue_not_found', `No issue ${id}. List the issues with GET /api/issues.`);
    if (issue.status === status) return c.json({ issue: listed(issue), task: null }, 200);
    if (status === 'open') return c.json({ issue: listed(await room.issues.update(id, { status: 'open' })), task: null }, 200);
    // Closing is a command of the authorization table, so it is signed and can be undone like any other.
    const task = await runCommand([{ op: 'issue.close', params: { id } }], serverTaskDependencies(context), { summary: `Close issue ${id}`, channel: 'ui' });
    const after = (await room.issues.get(id)) ?? issue;
    return c.json({ issue: listed(after), task: task as unknown as z.infer<typeof TaskOutcomeSchema> }, 200);
  });
  app.openapi(intentionalRoute, async (c) => {
    const { id } = c.req.valid('param');
    // The body is optional, so it is read here rather than required by the route's validator.
    const text = await c.req.text();
    let body: unknown = {};
    try {
      if (text.trim() !== '') body = JSON.parse(text);
    } catch {
      throw new ControlRoomError('invalid_request', 'The request body is not valid JSON.');
    }
    const parsed = z.strictObject({ note: z.string().max(2000).optional() }).safeParse(body);
    if (!parsed.success) throw new ControlRoomError('invalid_request', `The request body is not valid: ${parsed.error.issues[0]?.message ?? 'unknown field'}.`);
    const note = parsed.data.note ?? null;
    const issue = await room.issues.get(id);
    if (!issue) throw new ControlRoomError('issue_not_found', `No issue ${id}. List the issues with GET /api/issues.`);
    const finding = findingOfIssue(issue);
    if (!finding) throw new ControlRoomError('issue_not_a_finding', `Issue ${id} was not filed for a continuity finding, so there is nothing to mark intentional.`);
    const mark = await new JsonIntentionalFindings(room.root, room.clock).mark({ kind: finding.kind, path: finding.path, quote: finding.quote, note });
    // The tag is what the mark shows; the close goes through the same signed, undoable command as the status route.
    if (!issue.tags.includes('intentional')) await room.issues.update(id, { tags: [...issue.tags, 'intentional'] });
    if (issue.status !== 'closed') await runCommand([{ op: 'issue.close', params: { id } }], serverTaskDependencies(context), { summary: `Close issue ${id} (marked intentional)`, channel: 'ui' });
    const after = (await room.issues.get(id)) ?? issue;
    return c.json({ issue: listed(after), finding: { id: mark.id, kind: mark.kind, path: mark.path, line: finding.line, quote: mark.quote } }, 200);
  });
}
