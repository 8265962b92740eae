import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError, TELEMETRY_BUCKETS } from '../../protocol/index.js';
import { telemetryHits } from '../../core/telemetry/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { AgentIdSchema, errorResponses, jsonContent, SafeIdSchema } from '../schemas.js';

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

const ConferenceReportSchema = z
  .strictObject({
    conferenceId: SafeIdSchema,
    agentId: AgentIdSchema,
    codes: z.array(z.string().regex(/^[a-z][a-z0-9_]{0,79}$/)).min(1).max(20).describe('the issue or rejection codes of one failed reply'),
  })
  .openapi('ConferenceTelemetryReport');

const conferenceReportRoute = createRoute({
  method: 'post',
  path: '/api/telemetry/conference',
  operationId: 'reportConferenceTelemetry',
  tags: ['telemetry'],
  summary: 'Count one failed conference reply a client checked itself (the seed’s endpoint): each code in its bucket, tagged with the conference and agent',
  request: { body: { content: { 'application/json': { schema: ConferenceReportSchema } }, required: true } },
  responses: {
    200: jsonContent(
      z.object({ counted: z.array(z.object({ bucket: z.string(), codes: z.array(z.string()) })), ignored: z.array(z.string()).describe('codes no bucket counts') }).openapi('ConferenceTelemetryCounted'),
      'What was counted',
    ),
    ...errorResponses(400, 404, 413),
  },
});

/** `GET /api/telemetry`, `POST /api/telemetry/conference` */
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
  app.openapi(conferenceReportRoute, async (c) => {
    const { conferenceId, agentId, codes } = c.req.valid('json');
    if (!room.agents.some((agent) => agent.id === agentId)) throw new ControlRoomError('agent_not_found', `No agent "${agentId}".`);
    if ((await conferences.get(conferenceId)) === null) throw new ControlRoomError('conference_not_found', `No conference ${conferenceId}.`);
    const hits = telemetryHits(agentId, codes);
    await telemetry.record({ sessionId: conferenceId, conferenceId, hits });
    const counted = new Set(hits.flatMap((hit) => hit.codes));
    return c.json({ counted: hits.map((hit) => ({ bucket: hit.bucket, codes: hit.codes })), ignored: codes.filter((code) => !counted.has(code)) }, 200);
  });
}
