import { EndpointSchema, type AgentEndpointsFile, type Endpoint } from '../../protocol/index.js';

/** The environment variables of SPEC §12 that steer model endpoints. */
export interface EndpointEnvironment {
  CONTROL_ROOM_LLM_BASE_URL?: string | undefined;
  CONTROL_ROOM_LLM_MODEL?: string | undefined;
  CONTROL_ROOM_LLM_API_KEY?: string | undefined;
  CONTROL_ROOM_FALLBACK_MODEL?: string | undefined;
}

/** Where one agent's model calls go, plus the fallback model tried once on HTTP 4xx/5xx. */
export interface ResolvedEndpoint extends Endpoint {
  fallbackModel: string | null;
  /** Where each field came from, for the settings screen. */
  source: 'file' | 'environment' | 'agent';
}

/**
 * Resolves an agent's endpoint: the file's `default`, overridden by the environment when set
 * (SPEC §14), then by the agent's own entry, which wins for that agent.
 */
export function resolveEndpoint(file: AgentEndpointsFile, agentId: string, environment: EndpointEnvironment): ResolvedEndpoint {
  let source: ResolvedEndpoint['source'] = 'file';
  const merged: Endpoint = { ...file.default };
  if (environment.CONTROL_ROOM_LLM_BASE_URL) merged.baseUrl = environment.CONTROL_ROOM_LLM_BASE_URL;
  if (environment.CONTROL_ROOM_LLM_MODEL) merged.model = environment.CONTROL_ROOM_LLM_MODEL;
  if (environment.CONTROL_ROOM_LLM_API_KEY) merged.apiKey = environment.CONTROL_ROOM_LLM_API_KEY;
  if (environment.CONTROL_ROOM_LLM_BASE_URL || environment.CONTROL_ROOM_LLM_MODEL || environment.CONTROL_ROOM_LLM_API_KEY) source = 'environment';
  const own = file.agents[agentId];
  if (own && Object.keys(own).length > 0) {
    Object.assign(merged, Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)));
    source = 'agent';
  }
  const checked = EndpointSchema.parse(merged);
  return { ...checked, fallbackModel: environment.CONTROL_ROOM_FALLBACK_MODEL || null, source };
}
