import { redactSecrets, secretsOf } from './redact-key.js';

/** What a quick look at a model server found. */
export interface ModelServerProbe {
  baseUrl: string;
  /** True when something answered HTTP at that address. */
  reachable: boolean;
  /** Model ids from `GET /models` (empty when unreachable or not listed). */
  models: string[];
  status?: number;
  /** Why it was not reachable or not listed, in words. */
  error?: string;
}

/** Where local servers listen by default: LM Studio, Ollama, llama.cpp's server, vLLM, Jan and KoboldCpp (OpenAI-compatible APIs). */
export const LOCAL_MODEL_SERVER_CANDIDATES = [
  'http://127.0.0.1:1234/v1',
  'http://127.0.0.1:11434/v1',
  'http://127.0.0.1:8080/v1',
  'http://127.0.0.1:8000/v1',
  'http://127.0.0.1:1337/v1',
  'http://127.0.0.1:5001/v1',
] as const;

/** Asks `GET <baseUrl>/models` with a short timeout; never throws, and never tells the key back (a parse error quotes the body). */
export async function probeModelServer(baseUrl: string, options: { timeoutMs?: number; apiKey?: string | null } = {}): Promise<ModelServerProbe> {
  const probe = await lookAt(baseUrl, options);
  return probe.error === undefined ? probe : { ...probe, error: redactSecrets(probe.error, secretsOf(options.apiKey)) };
}

async function lookAt(baseUrl: string, options: { timeoutMs?: number; apiKey?: string | null }): Promise<ModelServerProbe> {
  const base = baseUrl.trim().replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['authorization'] = `Bearer ${options.apiKey}`;
  let response: Response;
  try {
    response = await fetch(`${base}/models`, { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 1500) });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error);
    return { baseUrl: base, reachable: false, models: [], error: cause };
  }
  try {
    const text = await response.text();
    if (!response.ok) return { baseUrl: base, reachable: true, models: [], status: response.status, error: `HTTP ${response.status}` };
    const parsed = JSON.parse(text) as { data?: unknown; models?: unknown };
    const list = Array.isArray(parsed.data) ? parsed.data : Array.isArray(parsed.models) ? parsed.models : [];
    const models = list.flatMap((entry: unknown) => {
      const record = entry as { id?: unknown; name?: unknown } | null;
      const id = record?.id ?? record?.name;
      return typeof id === 'string' && id !== '' ? [id] : [];
    });
    return { baseUrl: base, reachable: true, models, status: response.status };
  } catch (error) {
    return { baseUrl: base, reachable: true, models: [], status: response.status, error: `unreadable model list: ${error instanceof Error ? error.message : String(error)}` };
  }
}
