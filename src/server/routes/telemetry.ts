import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { TELEMETRY_BUCKETS } from '../../protocol/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { jsonContent } from '../schemas.js';

const CountsSchema = z.object(Object.fromEntries(TELEMETRY_BUCKETS.map((bucket) => [bucket, z.number().int()])) as Record<(typeof TELEMETRY_BUCKETS)[number], z.ZodNumber>);

const TelemetrySchema = z.object({
  totals: CountsSchema,
  agents: z.record(z.string(), CountsSchema),
  conferences: z.record(z.string(), CountsSchema),
  sessions: z.record(z.string(), CountsSchema),
  /** Counts per issue or rejection code, per session, so a bucket can be broken down. */
  codes: z.record(z.string(), z.record(z.string(), z.number().int())),
  updatedAt: z.string().nullable(),
}).openapi('Telemetry');

const telemetryRoute = createRoute({
  method: 'get',
  path: '/api/telemetry',
  operationId: 'getTelemetry',
  tags: ['telemetry'],
  summary: 'Rejection and evidence-failure counts by bucket: in total, per agent, conference and session',
  responses: { 200: jsonContent(TelemetrySchema, 'The counts') },
});

/** `GET /api/telemetry` */
export function registerTelemetryRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  const { telemetry, conferences } = context.deps.conference;
  app.openapi(telemetryRoute, async (c) => {
    const totals = await telemetry.totals();
    // Telemetry is kept per session; the sessions are those with receipts and the conferences.
    const sessionIds = new Set([...(await room.auditLog.sessions()), ...(await conferences.list()).map((record) => record.id)]);
    const sessions: Record<string, z.infer<typeof CountsSchema>> = {};
    const codes: Record<string, Record<string, number>> = {};
    for (const sessionId of [...sessionIds].sort()) {
      const file = await telemetry.session(sessionId);
      if (!file) continue;
      sessions[sessionId] = file.totals;
      codes[sessionId] = file.codes;
    }
    return c.json({ totals: totals.totals, agents: totals.byAgent, conferences: totals.byConference, sessions, codes, updatedAt: totals.updatedAt }, 200);
  });
}
