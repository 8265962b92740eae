import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { chatIssue } from '../../core/issues/index.js';
import { chatTranscriptsOf } from '../chat-transcripts.js';
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

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** `POST /api/chat/sessions/{id}/issue` ("create issue from chat"). */
export function registerChatIssueRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  app.openapi(chatIssueRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { title } = c.req.valid('json') ?? {};
    const turns = await chatTranscriptsOf(room.root).turns(id);
    if (turns.length === 0) throw new ControlRoomError('chat_session_not_found', `No chat session ${id} with a finished turn. List them with GET /api/chat/sessions.`);
    const agentId = turns[0]!.agentId;
    const agentName = room.agents.find((agent) => agent.id === agentId)?.name ?? agentId;
    const issue = await room.issues.create(
      chatIssue({
        sessionId: id,
        agentName,
        ...(title ? { title } : {}),
        turns: turns.map((turn) => ({
          message: turn.message,
          at: turn.at,
          content: text(turn.result['content']),
          evidence: text(turn.result['evidence']) || null,
          receipts: Array.isArray(turn.result['receipts']) ? turn.result['receipts'].filter((receipt): receipt is string => typeof receipt === 'string') : [],
        })),
      }),
    );
    const receiptIds = issue.receiptIds ?? [];
    // The receipts live in the session's log only when its turns looked something up.
    const linked = receiptIds.length > 0 && (await room.auditLog.sessions()).includes(id) ? (await room.auditLog.linkToIssue(id, issue.id, receiptIds)).linked : 0;
    return c.json({ issueId: issue.id, title: issue.title, receipts: linked }, 201);
  });
}
