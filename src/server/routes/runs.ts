import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { RecipeOriginSchema, RunCacheEntrySchema, RunRecordSchema, RunStepEntrySchema } from '../../protocol/runs.js';
import type { ControlRoom } from '../../adapters/compose/index.js';
import { openPipelineRunner } from '../../adapters/compose/index.js';
import type { PipelineRunner } from '../../core/runs/index.js';
import type { ServerApp } from '../server-app.js';
import { errorResponses, IdParamsSchema, jsonContent, SafeIdSchema } from '../schemas.js';

/** What the run routes use of the server context (a `ServerContext` fits). */
export interface RunRouteContext {
  room: ControlRoom;
}

/** Steps returned with a run when it is polled. */
const POLL_STEPS = 20;

const StartBodySchema = z.strictObject({
  recipe: z.string().min(1).max(64).describe('recipe id, e.g. continuity-pass'),
  args: z.record(z.string(), z.unknown()).optional().describe('the recipe\'s arguments'),
}).openapi('StartRunRequest');

const RecipeSummarySchema = z.object({ id: z.string(), name: z.string(), description: z.string(), origin: RecipeOriginSchema, file: z.string(), steps: z.number().int() });
const RunWithStepsSchema = z.object({ run: RunRecordSchema, steps: z.array(RunStepEntrySchema) }).openapi('RunWithSteps');

const startRoute = createRoute({
  method: 'post',
  path: '/api/runs',
  operationId: 'startRun',
  tags: ['runs'],
  summary: 'Start a pipeline run of a recipe in the background',
  request: { body: { content: { 'application/json': { schema: StartBodySchema } }, required: true } },
  responses: { 202: jsonContent(z.object({ run: RunRecordSchema }).openapi('StartRunResponse'), 'The run, started'), ...errorResponses(400, 404) },
});
const listRoute = createRoute({
  method: 'get',
  path: '/api/runs',
  operationId: 'listRuns',
  tags: ['runs'],
  summary: 'Pipeline runs, newest first (runs left running by a dead process show as interrupted)',
  responses: { 200: jsonContent(z.object({ runs: z.array(RunRecordSchema) }).openapi('ListRunsResponse'), 'The runs') },
});
const recipesRoute = createRoute({
  method: 'get',
  path: '/api/recipes',
  operationId: 'listRecipes',
  tags: ['runs'],
  summary: 'Recipes a run can start: bundled, and the project\'s own (which win by id)',
  responses: { 200: jsonContent(z.object({ recipes: z.array(RecipeSummarySchema) }).openapi('ListRecipesResponse'), 'The recipes'), ...errorResponses(400) },
});
const getRoute = createRoute({
  method: 'get',
  path: '/api/runs/{id}',
  operationId: 'getRun',
  tags: ['runs'],
  summary: `One run with its last ${POLL_STEPS} step-log lines (for polling)`,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(RunWithStepsSchema, 'The run'), ...errorResponses(400, 404) },
});
const stepsRoute = createRoute({
  method: 'get',
  path: '/api/runs/{id}/steps',
  operationId: 'listRunSteps',
  tags: ['runs'],
  summary: 'The full step log of a run (steps.jsonl)',
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(z.object({ steps: z.array(RunStepEntrySchema) }).openapi('ListRunStepsResponse'), 'The step log'), ...errorResponses(400, 404) },
});
const cacheRoute = createRoute({
  method: 'get',
  path: '/api/runs/{id}/cache/{slot}',
  operationId: 'getRunCacheSlot',
  tags: ['runs'],
  summary: 'The results a run kept in one cache slot',
  request: { params: z.object({ id: SafeIdSchema, slot: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/) }) },
  responses: { 200: jsonContent(z.object({ slot: z.string(), entries: z.array(RunCacheEntrySchema) }).openapi('GetRunCacheSlotResponse'), 'The slot'), ...errorResponses(400, 404) },
});
const cancelRoute = createRoute({
  method: 'post',
  path: '/api/runs/{id}/cancel',
  operationId: 'cancelRun',
  tags: ['runs'],
  summary: 'Cancel a run: it stops before its next step (409 when it has already finished)',
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(z.object({ run: RunRecordSchema }).openapi('CancelRunResponse'), 'The run after the cancel'), ...errorResponses(400, 404, 409) },
});

/** `POST/GET /api/runs`, `GET /api/runs/{id}[/steps|/cache/{slot}]`, `POST /api/runs/{id}/cancel`, `GET /api/recipes` */
export function registerRunRoutes(app: ServerApp, context: RunRouteContext, services: { runner?: PipelineRunner } = {}): void {
  const runner = services.runner ?? openPipelineRunner(context.room);
  app.openapi(startRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json({ run: await runner.start(body.recipe, body.args ?? {}) }, 202);
  });
  app.openapi(listRoute, async (c) => c.json({ runs: await runner.list() }, 200));
  app.openapi(recipesRoute, async (c) => {
    const recipes = (await runner.recipes()).map(({ recipe, origin, file }) => ({ id: recipe.id, name: recipe.name, description: recipe.description, origin, file, steps: recipe.steps.length }));
    return c.json({ recipes }, 200);
  });
  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    const run = await runner.get(id);
    return c.json({ run, steps: await runner.steps(id, POLL_STEPS) }, 200);
  });
  app.openapi(stepsRoute, async (c) => c.json({ steps: await runner.steps(c.req.valid('param').id) }, 200));
  app.openapi(cacheRoute, async (c) => {
    const { id, slot } = c.req.valid('param');
    return c.json({ slot, entries: await runner.cacheSlot(id, slot) }, 200);
  });
  app.openapi(cancelRoute, async (c) => c.json({ run: await runner.cancel(c.req.valid('param').id) }, 200));
}
