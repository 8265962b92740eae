import path from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AGENTS_SCHEMA_VERSION, AgentSchema, CHIEF_AGENT_ID, ControlRoomError, type Agent } from '../../protocol/index.js';
import { writeJsonAtomic } from '../../adapters/fs-store/index.js';
import { AGENTS_FILE } from '../../adapters/fs-workspace/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { AgentIdSchema, errorResponses, jsonContent, named } from '../schemas.js';

/** An agent as the API answers it. */
const AgentViewSchema = named(AgentSchema, 'Agent');

const AgentPatchSchema = z.strictObject({ muted: z.boolean().optional() }).openapi('AgentUpdate');

const listRoute = createRoute({
  method: 'get',
  path: '/api/agents',
  operationId: 'listAgents',
  tags: ['agents'],
  summary: 'The roster, in order',
  responses: { 200: jsonContent(z.object({ agents: z.array(AgentViewSchema) }).openapi('ListAgentsResponse'), 'Every agent of the workspace') },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/api/agents/{id}',
  operationId: 'updateAgent',
  tags: ['agents'],
  summary: 'Mute or unmute an agent (written to agents.json)',
  request: {
    params: z.object({ id: AgentIdSchema }),
    body: { content: { 'application/json': { schema: AgentPatchSchema } }, required: true },
  },
  responses: { 200: jsonContent(AgentViewSchema, 'The agent as it is now'), ...errorResponses(400, 404, 409, 413) },
});

function requireAgent(agents: readonly Agent[], id: string): Agent {
  const agent = agents.find((candidate) => candidate.id === id);
  if (!agent) throw new ControlRoomError('agent_not_found', `No agent "${id}". Agents: ${agents.map((candidate) => candidate.id).join(', ')}.`);
  return agent;
}

/** `GET /api/agents`, `PATCH /api/agents/{id}` */
export function registerAgentRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  app.openapi(listRoute, (c) => c.json({ agents: room.agents }, 200));
  app.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    const agent = await context.serialize(async () => {
      const found = requireAgent(room.agents, id);
      if (change.muted === true && found.id === CHIEF_AGENT_ID) {
        throw new ControlRoomError('chief_not_mutable', 'The Chief of Staff runs the lookups of every conference and cannot be muted.');
      }
      if (change.muted !== undefined && change.muted !== found.muted) {
        const muted = change.muted;
        const agents = room.agents.map((candidate) => (candidate.id === id ? { ...candidate, muted } : candidate));
        await writeJsonAtomic(path.join(room.root, AGENTS_FILE), { schema_version: AGENTS_SCHEMA_VERSION, agents });
        // The roster object is shared with the running use cases, so the change applies at once.
        found.muted = muted;
      }
      return found;
    });
    return c.json(agent, 200);
  });
}
