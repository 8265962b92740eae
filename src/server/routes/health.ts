import path from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { jsonContent } from '../schemas.js';

const HealthSchema = z.object({
  ok: z.literal(true),
  version: z.string(),
  workspace: z.string().describe('the workspace folder name'),
  mode: z.enum(['live', 'demo']).describe('demo: the offline demo model answers, through the real harness'),
  model: z.object({ reachable: z.boolean(), baseUrl: z.string(), model: z.string(), message: z.string().optional() }),
}).openapi('Health');

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  operationId: 'getHealth',
  tags: ['health'],
  summary: 'Whether the server is up, which workspace it serves and which model answers',
  responses: { 200: jsonContent(HealthSchema, 'The server is up') },
});

/** `GET /api/health` */
export function registerHealthRoutes(app: ServerApp, context: ServerContext): void {
  app.openapi(healthRoute, (c) =>
    c.json(
      {
        ok: true as const,
        version: context.deps.version,
        workspace: path.basename(context.room.root),
        mode: context.deps.mode,
        model: context.deps.model,
      },
      200,
    ),
  );
}
