import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { CanonIndexStatusSchema } from '../../protocol/canon.js';
import type { ControlRoom } from '../../adapters/compose/index.js';
import { openCanonIndexer, resolveCanonModel } from '../../adapters/fs-run-store/index.js';
import type { CanonIndexer } from '../../core/canon/index.js';
import { createModelDirectory } from '../model-directory.js';
import type { ServerApp } from '../server-app.js';
import type { ServerDependencies } from '../server-dependencies.js';
import { errorResponses, jsonContent } from '../schemas.js';

/** What the canon routes use of the server context (a `ServerContext` fits). */
export interface CanonRouteContext {
  room: ControlRoom;
  deps: Pick<ServerDependencies, 'mode' | 'probe' | 'modelFactory'>;
}

const BuildBodySchema = z.strictObject({
  mode: z
    .enum(['auto', 'model', 'deterministic'])
    .optional()
    .describe('auto (default): the model when its server answers, else the cards\' fields and lore bullets; model: always; deterministic: never'),
});

const buildRoute = createRoute({
  method: 'post',
  path: '/api/canon/index',
  tags: ['canon'],
  summary: 'Rebuild the canon index (Canon.md) in the background; poll the status',
  request: { body: { content: { 'application/json': { schema: BuildBodySchema } }, required: false } },
  responses: {
    202: jsonContent(z.object({ status: CanonIndexStatusSchema, notice: z.string().nullable() }), 'The build started'),
    ...errorResponses(400, 409),
  },
});

const statusRoute = createRoute({
  method: 'get',
  path: '/api/canon/index/status',
  tags: ['canon'],
  summary: 'Where the canon index build stands: idle, running (done/total), done or failed',
  responses: { 200: jsonContent(CanonIndexStatusSchema, 'The build status') },
});

/** `POST /api/canon/index`, `GET /api/canon/index/status`; one build at a time (409 `canon_index_busy`). */
export function registerCanonRoutes(app: ServerApp, context: CanonRouteContext, services: { indexer?: CanonIndexer } = {}): void {
  const indexer = services.indexer ?? openCanonIndexer(context.room);
  const modelsFor = createModelDirectory(context.room, context.deps.modelFactory);
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
    // The offline demo model answers chat scripts, not extraction: the demo indexes without it.
    const mode = context.deps.mode === 'demo' && (parsed.data.mode ?? 'auto') === 'auto' ? 'deterministic' : (parsed.data.mode ?? 'auto');
    const choice = await resolveCanonModel(context.room, mode, { modelsFor, ...(context.deps.probe ? { probe: context.deps.probe } : {}) });
    const started = indexer.start({ workspace: context.room.workspace, model: choice.model });
    void started.outcome.then((outcome) => {
      if (!outcome.ok) console.error(`canon index build failed: [${outcome.error.code}] ${outcome.error.message}`);
    });
    return c.json({ status: started.status, notice: choice.notice }, 202);
  });
  app.openapi(statusRoute, async (c) => c.json(await indexer.status(), 200));
}
