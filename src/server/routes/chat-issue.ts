import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { saveChatAsIssue } from '../save-chat-issue.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { errorResponses, jsonContent, SafeIdSchema } from '../schemas.js';

const ChatIssueRequestSchema = z.strictObject({ title: z.string().trim().min(1).max(200).optional().describe('default: the agent and the first message') }).openapi('ChatIssueRequest');

const chatIssueRoute = createRoute({
  method: 'post',
  path: '/api/chat/sessions/{id}/issue',
  operationId: 'createIssueFromChat',
  tags: ['chat'],
  summary: 'Save a 1:1 conversation as an issue: its transcript, tagged chat, with every receipt its turns cite linked',
  request: { params: z.object({ id: SafeIdSchema }), body: { content: { 'application/json': { schema: ChatIssueRequestSchema } }, required: false } },
  responses: {
    201: jsonContent(z.object({ issueId: z.string(), title: z.string(), receipts: z.number().int().describe('receipts linked into the issue’s audit folder') }).openapi('ChatIssueCreated'), 'The issue'),
    ...errorResponses(400, 404, 413),
  },
});

/** `POST /api/chat/sessions/{id}/issue` ("create issue from chat"). */
export function registerChatIssueRoutes(app: ServerApp, context: ServerContext): void {
  app.openapi(chatIssueRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { title } = c.req.valid('json') ?? {};
    return c.json(await saveChatAsIssue(context.room, id, title), 201);
  });
}
