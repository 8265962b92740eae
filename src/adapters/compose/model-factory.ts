import type { Model } from '../../core/ports/index.js';
import type { ResolvedEndpoint } from '../../core/config/index.js';
import { LlamaCppModel } from '../llama-cpp-model/index.js';
import { endpointModel } from '../model-servers/index.js';

/** Builds the model behind an endpoint; tests and the offline demo pass their own. */
export type ModelFactory = (endpoint: ResolvedEndpoint, modelName: string) => Model;

/** The embedded model the environment names, if any: `CONTROL_ROOM_GGUF_PATH` and `CONTROL_ROOM_GGUF_THREADS`. */
export function ggufModelPath(env: Record<string, string | undefined>): string | null {
  return env['CONTROL_ROOM_GGUF_PATH']?.trim() || null;
}

/**
 * The one model factory of the product, whichever door opened the workspace (chat, conference,
 * tasks, runs, MCP, the CLI, the server): an embedded llama.cpp model when
 * `CONTROL_ROOM_GGUF_PATH` names a GGUF file — one instance for every agent, so the weights load
 * once — else the OpenAI-compatible server of each endpoint, served as its kind of server.
 */
export function defaultModelFactory(env: Record<string, string | undefined>): ModelFactory {
  const gguf = ggufModelPath(env);
  if (gguf === null) return (endpoint, modelName) => endpointModel(endpoint, modelName);
  const threads = Number(env['CONTROL_ROOM_GGUF_THREADS'] ?? '');
  const embedded = new LlamaCppModel({ modelPath: gguf, ...(Number.isInteger(threads) && threads > 0 ? { threads } : {}) });
  return () => embedded;
}
