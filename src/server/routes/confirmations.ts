import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { ConfirmationRequestSchema } from '../../protocol/auth.js';
import { confirmationListing } from '../../core/auth/index.js';
import { answerTaskConfirmation } from '../../core/tasks/index.js';
import type { ServerApp } from '../server-app.js';
import { errorResponses, jsonContent, SafeIdSchema } from '../schemas.js';
import { serverTaskDependencies, TaskOutcomeSchema, type TaskRouteContext } from './tasks.js';

const ListedConfirmationSchema = ConfirmationRequestSchema.omit({ step_token: true });

const listRoute = createRoute({
  method: 'get',
  path: '/api/confirmations',
  operationId: 'listConfirmations',
  tags: ['tasks'],
  summary: 'Confirmations, newest first (default: the pending ones); step tokens are never listed',
  request: { query: z.strictObject({ status: z.enum(['pending', 'confirmed', 'refused', 'all']).optional().describe('default pending') }) },
  responses: { 200: jsonContent(z.object({ confirmations: z.array(ListedConfirmationSchema) }).openapi('ListConfirmationsResponse'), 'The confirmations'), ...errorResponses(400) },
});

const RequestIdSchema = z.string().min(1).max(200);

const AnswerBodySchema = z.strictObject({
  accept: z.boolean().describe('true confirms; false refuses (no token needed)'),
  stepToken: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('the second acceptance of a level-4 request carries the step token its first acceptance returned (confirmation.stepToken); no other answer carries one'),
  requestId: RequestIdSchema.optional().describe('your id for this answer (or the Idempotency-Key header): sending it again replays the answer'),
}).openapi('ConfirmationAnswer');

const answerRoute = createRoute({
  method: 'post',
  path: '/api/confirmations/{id}',
  operationId: 'answerConfirmation',
  tags: ['tasks'],
  summary: 'Answer a pending confirmation; the last acceptance applies the chain, a refusal applies nothing, the same answer sent again is replayed',
  request: {
    params: z.object({ id: SafeIdSchema }),
    headers: z.object({ 'idempotency-key': RequestIdSchema.optional() }),
    body: { content: { 'application/json': { schema: AnswerBodySchema } }, required: true },
  },
  responses: { 200: jsonContent(TaskOutcomeSchema, 'The task after this answer (replayed: true when it repeated one)'), ...errorResponses(400, 404, 409) },
});

/** `GET /api/confirmations[?status=…]`, `POST /api/confirmations/{id}` `{accept, stepToken?, requestId?}` */
export function registerConfirmationRoutes(app: ServerApp, context: TaskRouteContext): void {
  app.openapi(listRoute, async (c) => {
    const status = c.req.valid('query').status ?? 'pending';
    const confirmations = await serverTaskDependencies(context).store.listConfirmations(status === 'all' ? undefined : status);
    return c.json({ confirmations: confirmations.map(confirmationListing) }, 200);
  });
  app.openapi(answerRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { accept, stepToken, requestId: bodyId } = c.req.valid('json');
    const headerId = c.req.valid('header')['idempotency-key'];
    if (headerId !== undefined && bodyId !== undefined && headerId !== bodyId) {
      throw new ControlRoomError('invalid_request', 'The Idempotency-Key header and the body\'s requestId differ; send one id for one answer.');
    }
    const requestId = bodyId ?? headerId ?? null;
    const outcome = await answerTaskConfirmation(id, { accept, channel: 'ui', stepToken: stepToken ?? null, requestId }, serverTaskDependencies(context));
    return c.json(outcome as unknown as z.infer<typeof TaskOutcomeSchema>, 200);
  });
}
