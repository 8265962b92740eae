import path from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AGENT_ENDPOINTS_SCHEMA_VERSION,
  ControlRoomError,
  EndpointSchema,
  ModelProfileSchema,
  type AgentEndpointsFile,
  type Endpoint,
} from '../../protocol/index.js';
import { forgetMovedKeys } from '../../core/config/index.js';
import { writeJsonAtomic } from '../../adapters/fs-store/index.js';
import { AGENT_ENDPOINTS_FILE } from '../../adapters/fs-workspace/index.js';
import { probeModelServer } from '../../adapters/openai-compatible-model/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { AgentIdSchema, errorResponses, jsonContent } from '../schemas.js';

/** Any field of an endpoint; no defaults, so a partial change never resets the fields it leaves out. */
const EndpointChangeSchema = z.strictObject({
  baseUrl: EndpointSchema.shape.baseUrl.optional(),
  model: EndpointSchema.shape.model.optional(),
  apiKey: z.string().nullable().optional(),
  profile: ModelProfileSchema.optional(),
  stream: z.boolean().optional(),
});

const SettingsChangeSchema = z.strictObject({
  default: EndpointChangeSchema.optional(),
  /** Per-agent overrides; null removes the agent's override. */
  agents: z.record(AgentIdSchema, EndpointChangeSchema.nullable()).optional(),
}).openapi('ModelSettingsUpdate');

const ModelSettingsSchema = z.object({
  agents: z.array(
    z.object({
      agentId: z.string(),
      baseUrl: z.string(),
      model: z.string(),
      profile: ModelProfileSchema,
      stream: z.boolean(),
      source: z.enum(['file', 'environment', 'agent']),
      reachable: z.boolean(),
      /** `withheld`: a key is stored for another server than this base URL, so it is not sent; enter it again. */
      keyState: z.enum(['none', 'set', 'withheld']),
    }),
  ),
  fallbackModel: z.string().nullable(),
  /** Keys this change forgot because their endpoint moved to another origin: `default` or agent ids. */
  forgottenKeys: z.array(z.string()).optional(),
}).openapi('ModelSettings');
type ModelSettings = z.infer<typeof ModelSettingsSchema>;

const getRoute = createRoute({
  method: 'get',
  path: '/api/settings/models',
  operationId: 'getModelSettings',
  tags: ['settings'],
  summary: 'Where each agent’s model calls go (API keys are never shown)',
  responses: { 200: jsonContent(ModelSettingsSchema, 'Each agent’s endpoint and whether it answers') },
});

const putRoute = createRoute({
  method: 'put',
  path: '/api/settings/models',
  operationId: 'updateModelSettings',
  tags: ['settings'],
  summary: 'Change the default endpoint or agents’ own endpoints (written to agent-endpoints.json)',
  request: { body: { content: { 'application/json': { schema: SettingsChangeSchema } }, required: true } },
  responses: { 200: jsonContent(ModelSettingsSchema, 'The settings as they are now'), ...errorResponses(400, 404, 413) },
});

const defaultProbe = async (baseUrl: string, apiKey: string | null): Promise<boolean> => (await probeModelServer(baseUrl, { timeoutMs: 800, apiKey })).reachable;

function definedFields<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<T>;
}

async function currentSettings(context: ServerContext): Promise<ModelSettings> {
  const { room } = context;
  const probe = context.deps.probe ?? defaultProbe;
  const endpoints = room.agents.map((agent) => ({ agent, endpoint: room.endpointFor(agent.id) }));
  // One probe per distinct server, all at once, so the screen opens quickly.
  const reachable = new Map<string, Promise<boolean>>();
  for (const { endpoint } of endpoints) {
    if (!reachable.has(endpoint.baseUrl)) reachable.set(endpoint.baseUrl, probe(endpoint.baseUrl, endpoint.apiKey).catch(() => false));
  }
  const agents = await Promise.all(
    endpoints.map(async ({ agent, endpoint }) => ({
      agentId: agent.id,
      baseUrl: endpoint.baseUrl,
      model: endpoint.model,
      profile: endpoint.profile,
      stream: endpoint.stream,
      source: endpoint.source,
      reachable: await reachable.get(endpoint.baseUrl)!,
      keyState: endpoint.apiKeyWithheld ? ('withheld' as const) : endpoint.apiKey ? ('set' as const) : ('none' as const),
    })),
  );
  return { agents, fallbackModel: endpoints[0]?.endpoint.fallbackModel ?? null };
}

/**
 * The endpoints file with a change applied; unknown agents are refused. A stored key whose
 * endpoint moves to another origin without the key being entered again is forgotten.
 */
function applyChange(current: AgentEndpointsFile, change: z.infer<typeof SettingsChangeSchema>, agentIds: readonly string[]): { file: AgentEndpointsFile; forgotten: string[] } {
  const merged: Endpoint = EndpointSchema.parse({ ...current.default, ...definedFields(change.default ?? {}) });
  const agents: AgentEndpointsFile['agents'] = { ...current.agents };
  for (const [agentId, agentChange] of Object.entries(change.agents ?? {})) {
    if (!agentIds.includes(agentId)) throw new ControlRoomError('agent_not_found', `No agent "${agentId}". Agents: ${agentIds.join(', ')}.`);
    if (agentChange === null) delete agents[agentId];
    else agents[agentId] = { ...agents[agentId], ...definedFields(agentChange) };
  }
  const entered = {
    default: change.default?.apiKey !== undefined,
    agents: new Set(Object.entries(change.agents ?? {}).flatMap(([agentId, agentChange]) => (agentChange?.apiKey !== undefined ? [agentId] : []))),
  };
  const { file, forgotten } = forgetMovedKeys(current, { schema_version: AGENT_ENDPOINTS_SCHEMA_VERSION, default: merged, agents }, entered);
  return { file, forgotten: forgotten.map((key) => key.holder) };
}

/** `GET /api/settings/models`, `PUT /api/settings/models` */
export function registerSettingsRoutes(app: ServerApp, context: ServerContext): void {
  const { room } = context;
  app.openapi(getRoute, async (c) => c.json(await currentSettings(context), 200));
  app.openapi(putRoute, async (c) => {
    const change = c.req.valid('json');
    let forgottenKeys: string[] = [];
    await context.serialize(async () => {
      const { file: next, forgotten } = applyChange(room.endpoints, change, room.agents.map((agent) => agent.id));
      forgottenKeys = forgotten;
      await writeJsonAtomic(path.join(room.root, AGENT_ENDPOINTS_FILE), next);
      // The endpoints object is shared with the running use cases: the next turn uses the change.
      room.endpoints.default = next.default;
      room.endpoints.agents = next.agents;
      if (context.deps.mode === 'demo') context.deps.model.message = 'Model settings saved. Restart Control Room to leave demo mode and use them.';
    });
    const settings = await currentSettings(context);
    return c.json(forgottenKeys.length > 0 ? { ...settings, forgottenKeys } : settings, 200);
  });
}
