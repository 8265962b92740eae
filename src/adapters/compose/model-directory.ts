import type { AgentModels } from '../../core/loop/index.js';
import type { ResolvedEndpoint } from '../../core/config/index.js';
import { scrubbingModel, type SecretScrubber } from '../../core/secrets/index.js';
import type { ModelFactory } from './model-factory.js';

/** An agent's models and how its turns talk to them. */
export interface AgentModelEntry {
  models: AgentModels;
  profile: ResolvedEndpoint['profile'];
  stream: boolean;
}

/**
 * The models of each agent, built by the one factory and rebuilt only when the agent's endpoint
 * changes (the settings screen edits the endpoints while the server runs: the next turn uses the
 * change). Every model passes the process's scrubbing boundary.
 */
export function createModelDirectory(endpointFor: (agentId: string) => ResolvedEndpoint, factory: ModelFactory, scrubber: SecretScrubber): (agentId: string) => AgentModelEntry {
  const cache = new Map<string, { key: string; entry: AgentModelEntry }>();
  return (agentId) => {
    const endpoint = endpointFor(agentId);
    const key = JSON.stringify([endpoint.baseUrl, endpoint.model, endpoint.apiKey, endpoint.fallbackModel, endpoint.profile, endpoint.stream]);
    const cached = cache.get(agentId);
    if (cached?.key === key) return cached.entry;
    const entry: AgentModelEntry = {
      models: {
        primary: scrubbingModel(factory(endpoint, endpoint.model), scrubber),
        fallback: endpoint.fallbackModel ? scrubbingModel(factory(endpoint, endpoint.fallbackModel), scrubber) : null,
      },
      profile: endpoint.profile,
      stream: endpoint.stream,
    };
    cache.set(agentId, { key, entry });
    return entry;
  };
}
