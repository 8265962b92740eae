import type { ModelServer, ModelSetting } from '../api/index.js';

/** One model a writer can pick: on which server, and how much context it holds there. */
export interface ModelChoice {
  /** `baseUrl` and model joined, for a select's value. */
  value: string;
  baseUrl: string;
  model: string;
  serverName: string;
  contextTokens: number | null;
}

const SEPARATOR = '\u0000';

export function choiceValue(baseUrl: string, model: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${SEPARATOR}${model}`;
}

export function parseChoice(value: string): { baseUrl: string; model: string } {
  const at = value.indexOf(SEPARATOR);
  return { baseUrl: value.slice(0, at), model: value.slice(at + 1) };
}

/** Every model of every server that answered, servers in the order listed. */
export function modelChoices(servers: readonly ModelServer[]): ModelChoice[] {
  return servers
    .filter((server) => server.reachable)
    .flatMap((server) =>
      server.models.map((model) => ({ value: choiceValue(server.baseUrl, model.id), baseUrl: server.baseUrl, model: model.id, serverName: server.name, contextTokens: model.contextTokens })),
    );
}

/** The server an agent's base URL points at, when discovery found it. */
export function serverOf(setting: Pick<ModelSetting, 'baseUrl'>, servers: readonly ModelServer[]): ModelServer | undefined {
  const wanted = setting.baseUrl.replace(/\/+$/, '');
  return servers.find((server) => server.baseUrl.replace(/\/+$/, '') === wanted);
}

/** The context window of an agent's model on its server, when the server says. */
export function contextOf(setting: Pick<ModelSetting, 'baseUrl' | 'model'>, servers: readonly ModelServer[]): number | null {
  return serverOf(setting, servers)?.models.find((model) => model.id === setting.model)?.contextTokens ?? null;
}
