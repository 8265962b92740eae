import { resolveEndpoint, type EndpointEnvironment } from '../core/config/index.js';
import { defaultAgentEndpointsFile } from '../core/agents/index.js';
import { CHIEF_AGENT_ID } from '../protocol/index.js';
import { loadAgentEndpoints } from '../adapters/fs-workspace/index.js';
import { LOCAL_MODEL_SERVER_CANDIDATES, probeModelServer, type ModelServerProbe } from '../adapters/openai-compatible-model/index.js';
import { DEMO_MODEL_NAME } from '../adapters/demo-model/index.js';
import type { ModelStatus, ServerMode } from './server-dependencies.js';

/** What start-up found: live with a model server (and the environment that points at it), or demo. */
export interface ModelDetection {
  mode: ServerMode;
  status: ModelStatus;
  /** Variables to add to the environment so every agent uses the server found (empty when configured already). */
  env: Record<string, string>;
}

export interface DetectOptions {
  env: EndpointEnvironment & Record<string, string | undefined>;
  /** Probes one base URL (default: `GET /models` with a short timeout). */
  probe?: (baseUrl: string, apiKey: string | null) => Promise<ModelServerProbe>;
  /** Where to look after the configured server (default: LM Studio, Ollama, llama.cpp, vLLM, Jan, KoboldCpp). */
  candidates?: readonly string[];
}

const PLACEHOLDER_MODEL = defaultAgentEndpointsFile().default.model;

/**
 * Finds a model server at start-up: the configured one (environment over agent-endpoints.json),
 * then the usual addresses of LM Studio, Ollama, llama.cpp, vLLM, Jan and KoboldCpp, each with a
 * short probe. The first that answers
 * is used, with its first listed model when none was named; when none answers, demo mode.
 */
export async function detectModelServer(root: string, options: DetectOptions): Promise<ModelDetection> {
  const probe = options.probe ?? ((baseUrl, apiKey) => probeModelServer(baseUrl, { timeoutMs: 800, apiKey }));
  const file = await loadAgentEndpoints(root);
  const configured = resolveEndpoint(file, CHIEF_AGENT_ID, options.env);
  const named = Boolean(options.env.CONTROL_ROOM_LLM_MODEL) || configured.model !== PLACEHOLDER_MODEL;
  const candidates = [...new Set([configured.baseUrl.replace(/\/+$/, ''), ...(options.candidates ?? LOCAL_MODEL_SERVER_CANDIDATES)])];
  const tried: string[] = [];
  for (const baseUrl of candidates) {
    const found = await probe(baseUrl, baseUrl === configured.baseUrl.replace(/\/+$/, '') ? configured.apiKey : null);
    if (!found.reachable) {
      tried.push(`${baseUrl} (${found.error ?? 'no answer'})`);
      continue;
    }
    // A named model is kept even when unlisted: servers such as LM Studio load models on demand.
    const model = named ? configured.model : (found.models[0] ?? configured.model);
    const env: Record<string, string> = {};
    if (baseUrl !== configured.baseUrl.replace(/\/+$/, '')) {
      env['CONTROL_ROOM_LLM_BASE_URL'] = baseUrl;
      // The environment's key was given for the configured server, not for the one found instead.
      if (options.env.CONTROL_ROOM_LLM_API_KEY) env['CONTROL_ROOM_LLM_API_KEY'] = '';
    }
    if (model !== configured.model) env['CONTROL_ROOM_LLM_MODEL'] = model;
    return { mode: 'live', status: { reachable: true, baseUrl, model }, env };
  }
  return {
    mode: 'demo',
    status: {
      reachable: false,
      baseUrl: configured.baseUrl,
      model: DEMO_MODEL_NAME,
      message: `No model server answered (tried ${tried.join(', ')}). Demo mode: a scripted model plays every agent through the real harness. Start LM Studio, Ollama, llama.cpp's server, vLLM, Jan or KoboldCpp, or set CONTROL_ROOM_LLM_BASE_URL, then restart.`,
    },
    env: {},
  };
}
