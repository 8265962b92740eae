import { redactSecrets, secretsOf } from '../openai-compatible-model/index.js';
import { identifyServer, type IdentifyOptions, type ServerFacts } from './identify-server.js';
import { LOCAL_SERVER_BASE_URLS } from './server-kinds.js';

export interface DiscoverOptions extends IdentifyOptions {
  /** Base URLs to look at besides the usual local ports: the configured server and agents' own. */
  configured?: ReadonlyArray<{ baseUrl: string; apiKey?: string | null }>;
  /** The usual ports (default: LM Studio, Ollama, llama.cpp, vLLM, Jan, KoboldCpp on 127.0.0.1). */
  candidates?: readonly string[];
  identify?: (baseUrl: string, options: IdentifyOptions) => Promise<ServerFacts>;
}

/** A server as discovery reports it: what it is, whether it answered, and its models. */
export type DiscoveredServer = ServerFacts & { configured: boolean };

function normal(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

/**
 * Looks at the configured servers and the usual local ports all at once and lists each one's
 * models with their context sizes where the server says (see `identifyServer`). A configured key
 * is sent only to the base URL it was configured for. Never throws; unreachable servers are
 * listed as such, configured ones first.
 */
export async function discoverModelServers(options: DiscoverOptions = {}): Promise<DiscoveredServer[]> {
  const identify = options.identify ?? identifyServer;
  const targets = new Map<string, { apiKey: string | null; configured: boolean }>();
  for (const entry of options.configured ?? []) {
    const key = normal(entry.baseUrl);
    if (key !== '' && !targets.has(key)) targets.set(key, { apiKey: entry.apiKey ?? null, configured: true });
  }
  for (const baseUrl of options.candidates ?? LOCAL_SERVER_BASE_URLS) {
    const key = normal(baseUrl);
    if (!targets.has(key)) targets.set(key, { apiKey: null, configured: false });
  }
  return Promise.all(
    [...targets].map(async ([baseUrl, target]) => {
      const facts = await identify(baseUrl, { timeoutMs: options.timeoutMs ?? 1500, apiKey: target.apiKey }).catch(
        (error: unknown): ServerFacts => ({ baseUrl, kind: 'openai-compatible', name: 'OpenAI-compatible server', reachable: false, models: [], error: redactSecrets(String(error), secretsOf(target.apiKey)) }),
      );
      return { ...facts, configured: target.configured };
    }),
  );
}
