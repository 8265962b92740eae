import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ConfirmationRequestSchema } from '../../protocol/auth.js';
import { answerTaskConfirmation } from '../../core/tasks/index.js';
import type { ServerApp } from '../server-app.js';
import { errorResponses, jsonContent, SafeIdSchema } from '../schemas.js';
import { serverTaskDependencies, TaskOutcomeSchema, type TaskRouteContext } from './tasks.js';

const listRoute = createRoute({
  method: 'get',
  path: '/api/confirmations',
  tags: ['tasks'],
  summary: 'Confirmations, newest first (default: the pending ones)',
  request: { query: z.strictObject({ status: z.enum(['pending', 'confirmed', 'refused', 'all']).optional().describe('default pending') }) },
  responses: { 200: jsonContent(z.object({ confirmations: z.array(ConfirmationRequestSchema) }), 'The confirmations'), ...errorResponses(400) },
});

const AnswerBodySchema = z.strictObject({ accept: z.boolean().describe('true confirms (an L4 chain needs two separate confirmations); false refuses') });

const answerRoute = createRoute({
  method: 'post',
  path: '/api/confirmations/{id}',
  tags: ['tasks'],
  summary: 'Answer a pending confirmation; the last acceptance applies the chain, a refusal applies nothing',
  request: { params: z.object({ id: SafeIdSchema }), body: { content: { 'application/json': { schema: AnswerBodySchema } }, required: true } },
  responses: { 200: jsonContent(TaskOutcomeSchema, 'The task after this answer'), ...errorResponses(400, 404, 409) },
});

/** `GET /api/confirmations[?status=…]`, `POST /api/confirmations/{id}` `{accept}` */
export function registerConfirmationRoutes(app: ServerApp, context: TaskRouteContext): void {
  app.openapi(listRoute, async (c) => {
    const status = c.req.valid('query').status ?? 'pending';
    const confirmations = await serverTaskDependencies(context).store.listConfirmations(status === 'all' ? undefined : status);
    return c.json({ confirmations }, 200);
  });
  app.openapi(answerRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { accept } = c.req.valid('json');
    const outcome = await answerTaskConfirmation(id, { accept, channel: 'ui' }, serverTaskDependencies(context));
    return c.json(outcome as unknown as z.infer<typeof TaskOutcomeSchema>, 200);
  });
}
