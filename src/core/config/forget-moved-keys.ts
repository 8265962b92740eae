import type { AgentEndpointsFile } from '../../protocol/index.js';
import { endpointOrigin } from './endpoint-origin.js';

/** Which keys a settings change entered itself (those stay, bound to the origin they were entered with). */
export interface EnteredKeys {
  default: boolean;
  agents: ReadonlySet<string>;
}

/** Where a stored key ended up after a change: kept, or forgotten because its server moved. */
export interface ForgottenKey {
  /** `default`, or the id of the agent whose own key it was. */
  holder: string;
  from: string | null;
  to: string | null;
}

/**
 * Forgets every stored key whose endpoint a settings change moved to another origin (scheme, host
 * or port) without entering the key again. A key is bound to the base URL beside it — an agent's
 * own key to the agent's base URL, or the default's when it has none — so pointing the default (or
 * an agent) at a new server never sends that server a key meant for the old one, not even in the
 * probe of the same request. Returns the file to write and what was forgotten.
 */
export function forgetMovedKeys(before: AgentEndpointsFile, after: AgentEndpointsFile, entered: EnteredKeys): { file: AgentEndpointsFile; forgotten: ForgottenKey[] } {
  const forgotten: ForgottenKey[] = [];
  const file: AgentEndpointsFile = { ...after, default: { ...after.default }, agents: { ...after.agents } };
  const defaultFrom = endpointOrigin(before.default.baseUrl);
  const defaultTo = endpointOrigin(after.default.baseUrl);
  if (!entered.default && file.default.apiKey && defaultFrom !== defaultTo) {
    file.default.apiKey = null;
    forgotten.push({ holder: 'default', from: defaultFrom, to: defaultTo });
  }
  for (const [agentId, own] of Object.entries(file.agents)) {
    if (entered.agents.has(agentId) || !own.apiKey) continue;
    const from = endpointOrigin(before.agents[agentId]?.baseUrl ?? before.default.baseUrl);
    const to = endpointOrigin(own.baseUrl ?? after.default.baseUrl);
    if (from === to) continue;
    const { apiKey: _forgotten, ...rest } = own;
    file.agents[agentId] = rest;
    forgotten.push({ holder: agentId, from, to });
  }
  return { file, forgotten };
}
