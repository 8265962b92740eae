import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { CHIEF_AGENT_ID, ControlRoomError, ConversationNoticeSchema, ConversationStateSchema, TaskRouterArgsSchema, EvidenceReportSchema } from '../../protocol/index.js';
import { runChatTurn, type ChatTurnResult } from '../../core/loop/index.js';
import { runTool } from '../../core/tool-runs/index.js';
import { chatAnswer } from '../chat-answer.js';
import { chatTranscriptsOf } from '../chat-transcripts.js';
import { streamEvents } from '../event-stream.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { AgentIdSchema, AudioIdSchema, errorResponses, eventStreamContent, jsonContent, LooseObjectSchema, SafeIdSchema } from '../schemas.js';

const ChatRequestSchema = z.strictObject({
  message: z.string().max(20_000).describe('an empty, blank or unreadable message gets a clarification back, without a model call'),
  agentId: AgentIdSchema.optional().describe('default: chief'),
  sessionId: SafeIdSchema.optional().describe('keeps the turns of one conversation (and their receipts) together'),
  conferenceId: SafeIdSchema.optional(),
  skipTools: z.boolean().optional().describe('a raw model call: no catalog, protocol or tool loop'),
  toolPolicy: z.strictObject({ allowedTools: z.array(z.string().min(1).max(80)).max(20).optional(), requireTool: z.boolean().optional() }).optional(),
  retries: z.number().int().min(0).max(2).optional().describe('structured retries after a rejected tool call (default 1, at most 2)'),
  stream: z.boolean().optional().describe('answer with server-sent events: delta, receipt, rejection, then done'),
  state: ConversationStateSchema.optional().describe("switch the session's state at this turn's boundary (it holds for later turns)"),
  audioId: AudioIdSchema.optional().describe('a clip uploaded with POST /api/audio for this turn: linked to its trace round both ways'),
}).openapi('ChatRequest');

const ChatResultSchema = z.object({
  content: z.string(),
  evidence: z.string().nullable(),
  evidenceReport: EvidenceReportSchema.nullable(),
  validation: z.object({ ok: z.boolean(), issues: z.array(z.object({ code: z.string(), message: z.string() }).loose()) }),
  receipts: z.array(z.string()),
  rejections: z.array(z.object({ code: z.string(), message: z.string(), channel: z.string().describe('where the refused call came: envelope, native or text') })),
  stopHook: z.string().nullable(),
  traceRoundId: z.string(),
  sessionId: z.string(),
  channel: z.string().nullable(),
  model: z.string(),
  usedFallback: z.boolean(),
  retries: z
    .array(z.object({ kind: z.enum(['model', 'output', 'tool']), code: z.string(), target: z.string() }))
    .describe('every retry the turn made: a model call sent again, a tool call asked again, a tool run again — with its reason'),
  notice: ConversationNoticeSchema.nullable().describe('set when the turn could not answer: what happened and what to do'),
  stateIn: ConversationStateSchema.describe('the state the turn ran in'),
  stateOut: ConversationStateSchema.describe('the state after it (a change asked for during the turn applies at its end)'),
  audioId: z.string().nullable(),
  phase: z.enum(['answer', 'clarify', 'plan']).describe('the route the turn took: a direct answer, clarifying questions (no tools run), or a plan acted on and concluded'),
  plan: z.array(z.string()).nullable().describe("the steps of a planned turn, in the writer's words"),
}).openapi('ChatResult');

/** What each event of a streamed turn carries (`done` is the result, `error` the failure). */
const CHAT_EVENTS = {
  delta: z.object({ text: z.string() }).describe('more of the answer’s text'),
  receipt: z.object({ receiptId: z.string(), status: z.string() }).describe('a tool run, with its receipt'),
  rejection: z.object({ code: z.string() }).describe('a tool call refused (it is asked again or the turn ends)'),
  status: z.object({ message: z.string() }).describe('what the turn is doing now'),
};

const chatRoute = createRoute({
  method: 'post',
  path: '/api/ai/chat',
  operationId: 'chatWithAgent',
  tags: ['chat'],
  summary: 'One grounded 1:1 turn with an agent (SSE when `stream` is true)',
  request: { body: { content: { 'application/json': { schema: ChatRequestSchema } }, required: true } },
  responses: {
    200: {
      description: 'The answer, its evidence check and the receipts of the lookups made',
      content: {
        'application/json': { schema: ChatResultSchema },
        ...eventStreamContent('ChatStream', CHAT_EVENTS, ChatResultSchema),
      },
    },
    ...errorResponses(400, 404, 413),
  },
});

const ChatSessionSummarySchema = z.object({
  sessionId: z.string(),
  agentId: z.string(),
  turns: z.number().int(),
  firstMessage: z.string(),
  startedAt: z.string(),
  updatedAt: z.string(),
});

const ChatTranscriptTurnSchema = z.object({ sessionId: z.string(), agentId: z.string(), message: z.string(), at: z.string(), result: ChatResultSchema });

const sessionsRoute = createRoute({
  method: 'get',
  path: '/api/chat/sessions',
  operationId: 'listChatSessions',
  tags: ['chat'],
  summary: '1:1 chat sessions with at least one finished turn, most recently active first',
  request: { query: z.strictObject({ agent: AgentIdSchema.optional().describe('only sessions with this agent') }) },
  responses: { 200: jsonContent(z.object({ sessions: z.array(ChatSessionSummarySchema) }).openapi('ListChatSessionsResponse'), 'The sessions'), ...errorResponses(400) },
});

const sessionRoute = createRoute({
  method: 'get',
  path: '/api/chat/sessions/{id}',
  operationId: 'getChatSession',
  tags: ['chat'],
  summary: 'The finished turns of one 1:1 chat session, oldest first, each with its whole result',
  request: { params: z.object({ id: SafeIdSchema }) },
  responses: { 200: jsonContent(z.object({ sessionId: z.string(), turns: z.array(ChatTranscriptTurnSchema) }).openapi('GetChatSessionResponse'), 'The turns'), ...errorResponses(400, 404) },
});

const RouteRequestSchema = z.strictObject({ user_request: TaskRouterArgsSchema.shape.user_request, sessionId: SafeIdSchema.optional() }).openapi('RouteRequest');

const chiefRouteRoute = createRoute({
  method: 'post',
  path: '/api/ai/chief/route',
  operationId: 'routeRequest',
  tags: ['chat'],
  summary: 'Which desk and tools a request belongs to (the task_router tool, with a receipt)',
  request: { body: { content: { 'application/json': { schema: RouteRequestSchema } }, required: true } },
  responses: { 200: jsonContent(LooseObjectSchema.describe('the task_router result plus its receiptId and sessionId').openapi('RouteRequestResponse'), 'The routing'), ...errorResponses(400, 413) },
});

/** The JSON of a chat turn (SPEC §14's `chat --json` plus the session). */
/** `POST /api/ai/chat` (JSON or SSE), `GET /api/chat/sessions[/{id}]` and `POST /api/ai/chief/route` */
export function registerChatRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  app.openapi(chatRoute, async (c) => {
    const body = c.req.valid('json');
    const agentId = body.agentId ?? CHIEF_AGENT_ID;
    // Checked before anything is streamed, so an unknown agent is a plain 404, not an error event.
    if (!room.agents.some((agent) => agent.id === agentId)) {
      throw new ControlRoomError('agent_not_found', `No agent "${agentId}". Agents: ${room.agents.map((agent) => agent.id).join(', ')}.`);
    }
    const sessionId = body.sessionId ?? `chat-${room.ids.uuidv7()}`;
    // A message after clarifying questions answers them: the turn acts on the ask they were about.
    const pendingAsks = body.sessionId ? await chatTranscriptsOf(room.root).pendingAsks(sessionId, agentId) : [];
    const turn = (onEvent?: Parameters<typeof runChatTurn>[0]['onEvent'], signal?: AbortSignal) =>
      runChatTurn(
        {
          message: body.message,
          sessionId,
          agentId,
          ...(body.conferenceId ? { conferenceId: body.conferenceId } : {}),
          ...(body.skipTools ? { skipTools: true } : {}),
          ...(body.toolPolicy ? { toolPolicy: body.toolPolicy } : {}),
          ...(body.retries !== undefined ? { retries: body.retries } : {}),
          ...(body.stream ? { stream: true } : {}),
          ...(body.state ? { state: body.state } : {}),
          ...(body.audioId ? { audioId: body.audioId } : {}),
          ...(pendingAsks.length > 0 ? { pendingAsks } : {}),
          ...(onEvent ? { onEvent } : {}),
          ...(signal ? { signal } : {}),
        },
        context.turnDependencies(),
      );
    // Each finished turn is kept, so the conversation can be shown again after a reload.
    const kept = async (result: ChatTurnResult) => {
      const answer = chatAnswer(result, sessionId);
      await chatTranscriptsOf(room.root).append({ sessionId, agentId, message: body.message, at: room.clock.nowIso(), result: answer });
      return answer;
    };
    // A client that hangs up cancels the turn (the model call included), JSON or stream alike.
    if (!body.stream) return c.json(await kept(await turn(undefined, c.req.raw.signal)), 200);
    return streamEvents(c, context.development, async (send, signal) => {
      const result = await turn((event) => {
        if (event.type === 'delta') send('delta', { text: event.text });
        else if (event.type === 'receipt') send('receipt', { receiptId: event.receiptId, status: event.status });
        else if (event.type === 'rejection') send('rejection', { code: event.code });
        else send('status', { message: event.message });
      }, signal);
      return kept(result);
    });
  });
  app.openapi(sessionsRoute, async (c) => {
    const { agent } = c.req.valid('query');
    const sessions = await chatTranscriptsOf(room.root).sessions();
    return c.json({ sessions: agent ? sessions.filter((session) => session.agentId === agent) : sessions }, 200);
  });
  app.openapi(sessionRoute, async (c) => {
    const { id } = c.req.valid('param');
    const turns = await chatTranscriptsOf(room.root).turns(id);
    if (turns.length === 0) throw new ControlRoomError('chat_session_not_found', `No chat session ${id} with a finished turn. List them with GET /api/chat/sessions.`);
    return c.json({ sessionId: id, turns: turns as unknown as Array<z.infer<typeof ChatTranscriptTurnSchema>> }, 200);
  });
  app.openapi(chiefRouteRoute, async (c) => {
    const body = c.req.valid('json');
    const sessionId = body.sessionId ?? `route-${room.clock.nowIso().slice(0, 10)}`;
    const run = await runTool('task_router', { user_request: body.user_request }, { sessionId, turnId: room.ids.uuidv7(), agentId: CHIEF_AGENT_ID }, {
      registry: room.registry, context: room.toolContext, ledger: room.ledger, clock: room.clock, scrubber: room.scrubber,
    });
    if (run.status !== 'ok') throw new ControlRoomError(run.error?.code ?? 'internal_error', run.error?.message ?? 'The request could not be routed.', { fault: 'system' });
    return c.json({ ...run.result, receiptId: run.receiptId, sessionId }, 200);
  });
}
