import { redactSecrets, secretsOf } from '../openai-compatible-model/index.js';
import { getJson, positiveInteger, record, type JsonAnswer } from './get-json.js';
import { kindInfo, serverOrigin, type ModelServerKind } from './server-kinds.js';

/** A model a server lists, with its context window in tokens when the server says. */
export interface ServerModel {
  id: string;
  contextTokens: number | null;
  /** Ollama: the window a request gets without `num_ctx` (its default or the model's own setting). */
  defaultContextTokens?: number;
}

/** What a look at one base URL found: which server it is and the models it serves. */
export interface ServerFacts {
  baseUrl: string;
  kind: ModelServerKind;
  /** The server's name as a writer knows it ("LM Studio"). */
  name: string;
  reachable: boolean;
  models: ServerModel[];
  /** Why it was not reachable, or not fully read. */
  error?: string;
}

export interface IdentifyOptions {
  apiKey?: string | null;
  timeoutMs?: number;
}

/** Ollama's default context when neither the model nor the request sets `num_ctx` (older releases; newer ones give more). */
export const OLLAMA_DEFAULT_CONTEXT = 2048;

/** Context fields OpenAI-compatible model lists carry: vLLM, OpenRouter, Groq, Jan, llama.cpp and others. */
function listedContext(entry: Record<string, unknown>): number | null {
  const settings = record(entry['settings']);
  const meta = record(entry['meta']);
  return (
    positiveInteger(entry['max_model_len']) ??
    positiveInteger(entry['context_length']) ??
    positiveInteger(entry['context_window']) ??
    positiveInteger(entry['max_context_length']) ??
    positiveInteger(entry['ctx_len']) ??
    positiveInteger(settings?.['ctx_len']) ??
    positiveInteger(entry['n_ctx']) ??
    positiveInteger(meta?.['n_ctx_train']) ??
    null
  );
}

function entries(answer: JsonAnswer, key: string): Array<Record<string, unknown>> {
  if (!answer.ok) return [];
  const list = record(answer.value)?.[key];
  return Array.isArray(list) ? list.flatMap((item) => (record(item) ? [record(item)!] : [])) : [];
}

/** `/api/show` of one Ollama model: its trained maximum (`*.context_length`) and its own `num_ctx`. */
export async function ollamaModelContext(origin: string, model: string, options: IdentifyOptions = {}): Promise<{ max: number | null; numCtx: number | null }> {
  const shown = await getJson(`${origin}/api/show`, { ...options, body: { model } });
  if (!shown.ok) return { max: null, numCtx: null };
  const body = record(shown.value) ?? {};
  const info = record(body['model_info']) ?? {};
  const maxKey = Object.keys(info).find((key) => key.endsWith('.context_length'));
  const parameters = typeof body['parameters'] === 'string' ? body['parameters'] : '';
  const numCtx = /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(parameters)?.[1];
  return { max: maxKey ? (positiveInteger(info[maxKey]) ?? null) : null, numCtx: numCtx ? Number(numCtx) : null };
}

/**
 * Finds out which server answers at a base URL and what it serves, asking each server's own API
 * at once: LM Studio `/api/v0/models` (`max_context_length`, `loaded_context_length`), Ollama
 * `/api/tags` and `/api/show` (`*.context_length`, `num_ctx`), llama.cpp `/props` (`n_ctx`),
 * KoboldCpp `/api/extra/*`, and the OpenAI-compatible `/models` (vLLM's `max_model_len` and the
 * like). Native APIs are asked only over plain http (a local server); never throws. What went
 * wrong is told without the key (a JSON parse error quotes the body that was read).
 */
export async function identifyServer(baseUrl: string, options: IdentifyOptions = {}): Promise<ServerFacts> {
  const facts = await readServer(baseUrl, options);
  return facts.error === undefined ? facts : { ...facts, error: redactSecrets(facts.error, secretsOf(options.apiKey)) };
}

async function readServer(baseUrl: string, options: IdentifyOptions): Promise<ServerFacts> {
  const base = baseUrl.trim().replace(/\/+$/, '');
  const origin = serverOrigin(base);
  const local = origin.startsWith('http://');
  const ask = (path: string, body?: unknown): Promise<JsonAnswer> => (local ? getJson(`${origin}${path}`, { ...options, ...(body === undefined ? {} : { body }) }) : Promise.resolve({ ok: false, error: 'not asked' }));
  const [listed, lmstudio, ollama, props, kobold] = await Promise.all([
    getJson(`${base}/models`, options),
    ask('/api/v0/models'),
    ask('/api/tags'),
    ask('/props'),
    ask('/api/extra/version'),
  ]);
  const facts = (kind: ModelServerKind, models: ServerModel[]): ServerFacts => ({ baseUrl: base, kind, name: kindInfo(kind).name, reachable: true, models });

  const lmModels = entries(lmstudio, 'data').filter((entry) => entry['max_context_length'] !== undefined || entry['type'] !== undefined);
  if (lmModels.length > 0) {
    return facts(
      'lmstudio',
      lmModels
        .filter((entry) => entry['type'] === undefined || entry['type'] === 'llm' || entry['type'] === 'vlm')
        .map((entry) => ({ id: String(entry['id']), contextTokens: positiveInteger(entry['loaded_context_length']) ?? positiveInteger(entry['max_context_length']) ?? null })),
    );
  }
  if (ollama.ok && Array.isArray(record(ollama.value)?.['models'])) {
    const names = entries(ollama, 'models').flatMap((entry) => (typeof (entry['name'] ?? entry['model']) === 'string' ? [String(entry['name'] ?? entry['model'])] : []));
    const models = await Promise.all(
      names.slice(0, 50).map(async (id) => {
        const context = await ollamaModelContext(origin, id, options);
        return { id, contextTokens: context.max ?? context.numCtx, defaultContextTokens: context.numCtx ?? OLLAMA_DEFAULT_CONTEXT };
      }),
    );
    return facts('ollama', models);
  }
  const propsBody = props.ok ? record(props.value) : undefined;
  const slotContext = positiveInteger(record(propsBody?.['default_generation_settings'])?.['n_ctx']) ?? positiveInteger(propsBody?.['n_ctx']);
  const listedModels = entries(listed, 'data').map((entry) => ({ id: String(entry['id'] ?? entry['name'] ?? ''), contextTokens: listedContext(entry), owner: entry['owned_by'] })).filter((entry) => entry.id !== '');
  if (propsBody && (slotContext !== undefined || propsBody['default_generation_settings'] !== undefined)) {
    return facts('llamacpp', listedModels.map(({ id, contextTokens }) => ({ id, contextTokens: slotContext ?? contextTokens })));
  }
  const koboldBody = kobold.ok ? record(kobold.value) : undefined;
  if (typeof koboldBody?.['result'] === 'string' && /kobold/i.test(koboldBody['result'])) {
    const limit = await ask('/api/extra/true_max_context_length');
    const tokens = limit.ok ? (positiveInteger(record(limit.value)?.['value']) ?? null) : null;
    return facts('koboldcpp', (listedModels.length > 0 ? listedModels : [{ id: 'koboldcpp', contextTokens: null }]).map(({ id, contextTokens }) => ({ id, contextTokens: tokens ?? contextTokens })));
  }
  if (!listed.ok && listed.status === undefined) {
    return { baseUrl: base, kind: 'openai-compatible', name: kindInfo('openai-compatible').name, reachable: false, models: [], error: listed.error };
  }
  const plain = listedModels.map(({ id, contextTokens }) => ({ id, contextTokens }));
  if (listedModels.some((entry) => entry.owner === 'vllm')) return facts('vllm', plain);
  const port = (() => {
    try {
      return new URL(base).port;
    } catch {
      return '';
    }
  })();
  if (port === '1337' || listedModels.some((entry) => entry.owner === 'jan')) return facts('jan', plain);
  const found = facts('openai-compatible', plain);
  return listed.ok ? found : { ...found, error: listed.error };
}
