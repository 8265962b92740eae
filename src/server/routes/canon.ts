import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { CANON_SECTIONS, CanonIndexStatusSchema } from '../../protocol/canon.js';
import { CanonBuildModeSchema } from '../../protocol/tasks.js';
import type { ControlRoom } from '../../adapters/compose/index.js';
import { parseCanonIndex, type CanonIndexer } from '../../core/canon/index.js';
import { runCommand } from '../../core/tasks/index.js';
import { canonIndexerOf } from '../canon-indexers.js';
import type { ServerApp } from '../server-app.js';
import type { ServerDependencies } from '../server-dependencies.js';
import { errorResponses, jsonContent, named } from '../schemas.js';
import { serverTaskDependencies, TaskOutcomeSchema } from './tasks.js';

/** What the canon routes use of the server context (a `ServerContext` fits). */
export interface CanonRouteContext {
  room: ControlRoom;
  deps: Pick<ServerDependencies, 'mode' | 'probe'>;
}

const BuildBodySchema = z.strictObject({
  mode: CanonBuildModeSchema.optional().describe(
    'auto (default): the model when its server answers, else the cards\' fields and lore bullets; model: always; deterministic: never',
  ),
}).openapi('BuildCanonIndexRequest');

const buildRoute = createRoute({
  method: 'post',
  path: '/api/canon/index',
  operationId: 'rebuildCanonIndex',
  tags: ['canon'],
  summary: 'Ask to rebuild the canon index (Canon.md): a level-3 command, so it waits for a confirmation (POST /api/confirmations/{id}), then builds in the background',
  request: { body: { content: { 'application/json': { schema: BuildBodySchema } }, required: false } },
  responses: {
    202: jsonContent(TaskOutcomeSchema, 'Waiting for its confirmation: confirmationId names it; nothing was built yet'),
    200: jsonContent(TaskOutcomeSchema, 'Run at once (only when the authorization table puts canon.rebuild below level 3)'),
    ...errorResponses(400, 409),
  },
});

const statusRoute = createRoute({
  method: 'get',
  path: '/api/canon/index/status',
  operationId: 'getCanonIndexStatus',
  tags: ['canon'],
  summary: 'Where the canon index build stands: idle, running (done/total), done or failed',
  responses: { 200: jsonContent(named(CanonIndexStatusSchema, 'CanonIndexStatus'), 'The build status') },
});

const CanonFactSchema = z.object({
  section: z.enum(CANON_SECTIONS),
  subject: z.string(),
  attribute: z.string(),
  value: z.string(),
  path: z.string().describe('the file that states the fact'),
  line: z.number().int().describe('first line of its quote (1-based)'),
  endLine: z.number().int(),
});

const factsRoute = createRoute({
  method: 'get',
  path: '/api/canon/facts',
  operationId: 'listCanonFacts',
  tags: ['canon'],
  summary: 'The facts of the compiled canon index (Canon.md), each with the file and lines that state it',
  responses: { 200: jsonContent(z.object({ facts: z.array(CanonFactSchema) }).openapi('ListCanonFactsResponse'), 'The facts (none while the index is a placeholder)') },
});

/**
 * `POST /api/canon/index`, `GET /api/canon/index/status`, `GET /api/canon/facts`. Rebuilding is the `canon.rebuild`
 * command of the one authorization table, asked for like a task's actor asks for it: it answers a
 * pending confirmation and builds nothing until that is confirmed. One build at a time (409
 * `canon_index_busy`).
 */
export function registerCanonRoutes(app: ServerApp, context: CanonRouteContext, services: { indexer?: CanonIndexer } = {}): void {
  const indexer = canonIndexerOf(context.room, services.indexer);
  app.openapi(buildRoute, async (c) => {
    // The body is optional, so it is read here rather than required by the route's validator.
    const text = await c.req.text();
    let body: unknown = {};
    try {
      if (text.trim() !== '') body = JSON.parse(text);
    } catch {
      throw new ControlRoomError('invalid_request', 'The request body is not valid JSON.');
    }
    const parsed = BuildBodySchema.safeParse(body);
    if (!parsed.success) throw new ControlRoomError('invalid_request', `The request body is not valid: ${parsed.error.issues[0]?.message ?? 'unknown field'}.`);
    if (indexer.running) throw new ControlRoomError('canon_index_busy', 'A canon index build is already running; poll GET /api/canon/index/status until it is done.');
    const mode = parsed.data.mode ?? 'auto';
    const outcome = await runCommand([{ op: 'canon.rebuild', params: { mode } }], serverTaskDependencies(context), {
      summary: `Rebuild the canon index (Canon.md), mode ${mode}`,
      channel: 'ui',
    });
    return c.json(outcome as unknown as z.infer<typeof TaskOutcomeSchema>, outcome.status === 'awaiting_confirmation' ? 202 : 200);
  });
  app.openapi(statusRoute, async (c) => c.json(await indexer.status(), 200));
  app.openapi(factsRoute, async (c) => {
    const index = await context.room.workspace.read('Canon.md').catch(() => null);
    return c.json({ facts: index ? parseCanonIndex(index.content) : [] }, 200);
  });
}
