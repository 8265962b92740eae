import type { ControlRoom, ModelFactory } from '../adapters/compose/index.js';
import type { TurnDependencies } from '../core/loop/index.js';
import { scrubbingModel } from '../core/secrets/index.js';

type ModelsFor = TurnDependencies['modelsFor'];

/**
 * The models of each agent, rebuilt when the agent's endpoint changes (the settings screen writes
 * agent-endpoints.json while the server runs). Without a factory the room's own cache is used,
 * and endpoint changes take effect after a restart. Every model passes the room's scrubbing boundary.
 */
export function createModelDirectory(room: ControlRoom, factory: ModelFactory | undefined): ModelsFor {
  if (!factory) return room.modelsFor;
  const cache = new Map<string, { key: string; entry: ReturnType<ModelsFor> }>();
  return (agentId) => {
    const endpoint = room.endpointFor(agentId);
    const key = JSON.stringify([endpoint.baseUrl, endpoint.model, endpoint.apiKey, endpoint.fallbackModel, endpoint.profile, endpoint.stream]);
    const cached = cache.get(agentId);
    if (cached?.key === key) return cached.entry;
    const entry = {
      models: {
        primary: scrubbingModel(factory(endpoint, endpoint.model), room.scrubber),
        fallback: endpoint.fallbackModel ? scrubbingModel(factory(endpoint, endpoint.fallbackModel), room.scrubber) : null,
      },
      profile: endpoint.profile,
      stream: endpoint.stream,
    };
    cache.set(agentId, { key, entry });
    return entry;
  };
}
