import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { runTool } from '../../core/tool-runs/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { errorResponses, jsonContent, SafeIdSchema } from '../schemas.js';

const ToolIdSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'tool ids are lower-case words joined by "_"');

const RunBodySchema = z.strictObject({
  args: z.record(z.string(), z.unknown()).describe('the tool\'s arguments (its schema is in the catalog)'),
  sessionId: SafeIdSchema.optional().describe('the session the receipt belongs to (default: ui-<date>)'),
}).openapi('RunToolRequest');

const ToolRunSchema = z.object({
  tool: z.string(),
  status: z.string().describe('ok, or tool_error / unknown_tool'),
  receiptId: z.string(),
  sessionId: z.string(),
  result: z.unknown().describe('the tool\'s result (or its error)'),
}).openapi('ToolRun');

const runRoute = createRoute({
  method: 'post',
  path: '/api/tools/{id}/run',
  operationId: 'runTool',
  tags: ['tools'],
  summary: 'Run one writing tool over the manuscript, as `control-room tool run` does: arguments checked by its schema, a signed receipt',
  request: { params: z.object({ id: ToolIdSchema }), body: { content: { 'application/json': { schema: RunBodySchema } }, required: true } },
  responses: { 200: jsonContent(ToolRunSchema, 'The run with its receipt id'), ...errorResponses(400, 404, 413) },
});

/** `POST /api/tools/{id}/run` — what the web app's pictures (pacing, outline) are drawn from. */
export function registerToolRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  app.openapi(runRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const definition = room.registry.get(id);
    if (!definition) throw new ControlRoomError('tool_not_found', `No tool "${id}". The tools are listed by \`control-room tool list\`.`);
    const parsed = definition.schema.safeParse(body.args);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(args)'}: ${issue.message}`);
      throw new ControlRoomError('tool_call_invalid_args', `Arguments of ${id} are not valid: ${problems.join('; ')}. Nothing ran.`);
    }
    const sessionId = body.sessionId ?? `ui-${room.clock.nowIso().slice(0, 10)}`;
    const run = await runTool(id, parsed.data as Record<string, unknown>, { sessionId, turnId: room.ids.uuidv7(), agentId: 'ui' }, {
      registry: room.registry, context: room.toolContext, ledger: room.ledger, clock: room.clock, scrubber: room.scrubber,
    });
    return c.json({ tool: run.toolId, status: run.status, receiptId: run.receiptId, sessionId, result: run.result }, 200);
  });
}
