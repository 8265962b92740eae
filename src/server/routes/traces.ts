import { createRoute } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { ControlRoomError, RoundEventSchema, RoundHeaderSchema } from '../../protocol/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { errorResponses, IdParamsSchema, jsonContent, untypedResponse } from '../schemas.js';

const roundsRoute = createRoute({
  method: 'get',
  path: '/api/traces/rounds',
  operationId: 'listTraceRounds',
  tags: ['traces'],
  summary: 'Decision-trace rounds, newest first',
  request: {
    query: z.strictObject({
      conversation: z.string().min(1).max(200).optional().describe('only this conversation (a chat session or a conference)'),
      limit: z.coerce.number().int().min(1).max(1000).optional().describe('default 100'),
    }),
  },
  responses: { 200: jsonContent(z.object({ rounds: z.array(RoundHeaderSchema) }).openapi('ListTraceRoundsResponse'), 'Round headers'), ...errorResponses(400) },
});
const roundRoute = createRoute({
  method: 'get',
  path: '/api/traces/rounds/{id}',
  operationId: 'getTraceRound',
  tags: ['traces'],
  summary: 'One round with its events in order',
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(z.object({ round: RoundHeaderSchema, events: z.array(RoundEventSchema) }).openapi('GetTraceRoundResponse'), 'The round'), ...errorResponses(400, 404) },
});
const exportRoute = createRoute({
  method: 'get',
  path: '/api/traces/export',
  operationId: 'exportTraces',
  tags: ['traces'],
  summary: 'Every round with its ordered events, one JSON line each',
  responses: { 200: { description: 'JSON lines', content: { 'application/x-ndjson': { schema: z.string() } } } },
});

/** `GET /api/traces/rounds`, `GET /api/traces/rounds/{id}`, `GET /api/traces/export` */
export function registerTraceRoutes(app: ServerApp, context: ServerContext): void {
  const { traces } = context.room;
  app.openapi(roundsRoute, async (c) => {
    const query = c.req.valid('query');
    const rounds = await traces.listRounds({ ...(query.conversation ? { conversation_id: query.conversation } : {}), ...(query.limit ? { limit: query.limit } : {}) });
    return c.json({ rounds }, 200);
  });
  app.openapi(roundRoute, async (c) => {
    const { id } = c.req.valid('param');
    const traced = await traces.getRound(id);
    if (!traced) throw new ControlRoomError('trace_round_not_found', `No trace round ${id}. List the rounds with GET /api/traces/rounds.`);
    return c.json(traced, 200);
  });
  app.openapi(exportRoute, (c) => {
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    // Streamed page by page, so a large trace database is never held in memory at once.
    return untypedResponse(
      stream(c, async (output) => {
        for await (const line of traces.exportJsonl()) {
          if (output.aborted) break;
          await output.write(`${line}\n`);
        }
      }),
    );
  });
}
