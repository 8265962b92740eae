import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { readChannelMetrics } from '../../core/traces/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { jsonContent } from '../schemas.js';

const rate = z.number().min(0).max(1).nullable();
const StatsSchema = z.object({
  accepted: z.number().int(),
  rejected: z.number().int(),
  successRate: rate.describe('accepted / (accepted + rejected)'),
  jsonParseErrors: z.number().int().describe('refusals for a reply that was not one well-formed JSON object'),
  fallbacks: z.number().int(),
  fallbackRate: rate.describe('model replies answered by the fallback model'),
  retries: z.number().int(),
  replies: z.number().int(),
  latencyMs: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() }),
});

const MetricsSchema = z.object({
  rounds: z.number().int(),
  channels: z.object({ tool: StatsSchema, json: StatsSchema, text: StatsSchema }),
  models: z.record(z.string(), StatsSchema),
}).openapi('ChannelMetrics');

const metricsRoute = createRoute({
  method: 'get',
  path: '/api/telemetry/channels',
  operationId: 'getChannelMetrics',
  tags: ['telemetry'],
  summary: 'Tool-call success rate, JSON parse errors, fallback rate, retries and latency p50/p95/p99 per channel (tool|json|text) and per model, from the traces',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(100_000).optional().describe('the latest rounds to read (default 500)') }) },
  responses: { 200: jsonContent(MetricsSchema, 'The figures over the rounds read') },
});

/** `GET /api/telemetry/channels` */
export function registerChannelMetricsRoutes(app: ServerApp, context: ServerContext): void {
  app.openapi(metricsRoute, async (c) => c.json(await readChannelMetrics(context.room.traces, c.req.valid('query').limit ?? 500), 200));
}
