import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { discoverModelServers } from '../../adapters/model-servers/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';
import { jsonContent } from '../schemas.js';

const ServerModelSchema = z.object({
  id: z.string(),
  /** The model's context window in tokens, as the server reports it (null: not reported). */
  contextTokens: z.number().int().nullable(),
  /** Ollama: the window of its OpenAI-compatible endpoint without num_ctx (longer prompts go through /api/chat). */
  defaultContextTokens: z.number().int().optional(),
});

const ModelServersSchema = z.object({
  servers: z.array(
    z.object({
      baseUrl: z.string(),
      kind: z.enum(['lmstudio', 'ollama', 'llamacpp', 'vllm', 'jan', 'koboldcpp', 'openai-compatible']),
      name: z.string().describe('the server as a writer knows it: LM Studio, Ollama, llama.cpp server, vLLM, Jan, KoboldCpp'),
      reachable: z.boolean(),
      configured: z.boolean().describe('an agent uses this server now'),
      models: z.array(ServerModelSchema),
      error: z.string().optional(),
    }),
  ),
}).openapi('ModelServers');

const modelsRoute = createRoute({
  method: 'get',
  path: '/api/models',
  operationId: 'listModelServers',
  tags: ['settings'],
  summary: 'Model servers found on the usual local ports and the configured ones, with their models and context sizes',
  responses: { 200: jsonContent(ModelServersSchema, 'Every server looked at, reachable or not (configured ones first)') },
});

/** `GET /api/models`: what the model settings offer to choose from. */
export function registerModelRoutes(app: ServerApp, context: ServerContext): void {
  const discover = context.deps.discoverServers ?? discoverModelServers;
  app.openapi(modelsRoute, async (c) => {
    const configured = context.room.agents.map((agent) => {
      const endpoint = context.room.endpointFor(agent.id);
      return { baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey };
    });
    const servers = await discover({ configured });
    return c.json({ servers: servers.map(({ baseUrl, kind, name, reachable, configured: used, models, error }) => ({ baseUrl, kind, name, reachable, configured: used, models, ...(error ? { error } : {}) })) }, 200);
  });
}
