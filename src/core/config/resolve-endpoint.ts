import { EndpointSchema, type AgentEndpointsFile, type Endpoint } from '../../protocol/index.js';
import { endpointOrigin } from './endpoint-origin.js';

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
  /** True when a key is stored for another origin than `baseUrl`'s: it is not sent, and must be entered again. */
  apiKeyWithheld: boolean;
}

export interface ResolveEndpointOptions {
  /**
   * The origin `CONTROL_ROOM_LLM_API_KEY` was given for, fixed when the workspace opened (see
   * {@link environmentKeyOrigin}); by default the origin of the base URL in force at that layer.
   */
  environmentKeyOrigin?: string | null;
}

/**
 * The origin the environment's key belongs to: the environment's base URL, or else the file's
 * default as it was when the workspace opened — so a later settings change cannot carry it along.
 */
export function environmentKeyOrigin(file: AgentEndpointsFile, environment: EndpointEnvironment): string | null {
  return environment.CONTROL_ROOM_LLM_API_KEY ? endpointOrigin(environment.CONTROL_ROOM_LLM_BASE_URL || file.default.baseUrl) : null;
}

/**
 * Resolves an agent's endpoint: the file's `default`, overridden by the environment when set
 * (SPEC §14), then by the agent's own entry, which wins for that agent. A key belongs to the
 * origin of the base URL in force where it was set; when the endpoint ends up elsewhere (an agent
 * with its own server inheriting the default's key, a base URL from the environment), the key is
 * withheld rather than sent to a server it was not given for.
 */
export function resolveEndpoint(file: AgentEndpointsFile, agentId: string, environment: EndpointEnvironment, options: ResolveEndpointOptions = {}): ResolvedEndpoint {
  let source: ResolvedEndpoint['source'] = 'file';
  const merged: Endpoint = { ...file.default };
  let keyOrigin = endpointOrigin(merged.baseUrl);
  if (environment.CONTROL_ROOM_LLM_BASE_URL) merged.baseUrl = environment.CONTROL_ROOM_LLM_BASE_URL;
  if (environment.CONTROL_ROOM_LLM_MODEL) merged.model = environment.CONTROL_ROOM_LLM_MODEL;
  if (environment.CONTROL_ROOM_LLM_API_KEY) {
    merged.apiKey = environment.CONTROL_ROOM_LLM_API_KEY;
    keyOrigin = options.environmentKeyOrigin !== undefined ? options.environmentKeyOrigin : endpointOrigin(merged.baseUrl);
  }
  if (environment.CONTROL_ROOM_LLM_BASE_URL || environment.CONTROL_ROOM_LLM_MODEL || environment.CONTROL_ROOM_LLM_API_KEY) source = 'environment';
  const own = file.agents[agentId];
  if (own && Object.keys(own).length > 0) {
    Object.assign(merged, Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)));
    if (own.apiKey !== undefined) keyOrigin = endpointOrigin(merged.baseUrl);
    source = 'agent';
  }
  const checked = EndpointSchema.parse(merged);
  const withheld = Boolean(checked.apiKey) && (keyOrigin === null || endpointOrigin(checked.baseUrl) !== keyOrigin);
  return { ...checked, apiKey: withheld ? null : checked.apiKey, apiKeyWithheld: withheld, fallbackModel: environment.CONTROL_ROOM_FALLBACK_MODEL || null, source };
}
