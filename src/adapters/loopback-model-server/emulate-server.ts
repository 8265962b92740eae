/**
 * What the loopback server answers besides chat completions when it plays a particular local
 * server: the discovery endpoints of LM Studio, Ollama, llama.cpp, vLLM, Jan and KoboldCpp, with
 * the context sizes each reports, so tests can prove the harness reads every one of them.
 */
export type EmulatedServerKind = 'lmstudio' | 'ollama' | 'llamacpp' | 'vllm' | 'jan' | 'koboldcpp' | 'openai';

export interface LoopbackServerEmulation {
  kind: EmulatedServerKind;
  /**
   * The model's context window as the server reports it: LM Studio `max_context_length`, Ollama
   * `<arch>.context_length`, llama.cpp `n_ctx`, vLLM `max_model_len`, Jan `ctx_len`, KoboldCpp's
   * true maximum. Omit for a server that does not say.
   */
  contextLength?: number;
  /** LM Studio: the context length the model was loaded with. */
  loadedContextLength?: number;
  /** Ollama: `num_ctx` set in the model's Modelfile. */
  numCtx?: number;
}

/** The answer for a discovery GET (or Ollama's POST /api/show), or undefined when this server has no such route. */
export function discoveryAnswer(emulation: LoopbackServerEmulation | undefined, method: string, path: string, models: readonly string[], body: unknown): unknown {
  const context = emulation?.contextLength;
  const kind = emulation?.kind ?? 'openai';
  if (method === 'GET' && path === '/v1/models') {
    return {
      object: 'list',
      data: models.map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: kind === 'vllm' ? 'vllm' : kind === 'jan' ? 'jan' : kind === 'llamacpp' ? 'llamacpp' : 'loopback',
        ...(kind === 'vllm' && context ? { max_model_len: context } : {}),
        ...(kind === 'jan' && context ? { ctx_len: context } : {}),
        ...(kind === 'llamacpp' && context ? { meta: { n_ctx_train: context * 4 } } : {}),
      })),
    };
  }
  if (kind === 'lmstudio' && method === 'GET' && path === '/api/v0/models') {
    return {
      object: 'list',
      data: [
        ...models.map((id) => ({
          id,
          object: 'model',
          type: 'llm',
          publisher: 'loopback',
          arch: 'qwen3',
          state: emulation?.loadedContextLength ? 'loaded' : 'not-loaded',
          ...(context ? { max_context_length: context } : {}),
          ...(emulation?.loadedContextLength ? { loaded_context_length: emulation.loadedContextLength } : {}),
        })),
        { id: 'text-embedding-nomic-embed-text-v1.5', object: 'model', type: 'embeddings', max_context_length: 2048 },
      ],
    };
  }
  if (kind === 'ollama') {
    if (method === 'GET' && path === '/api/version') return { version: '0.12.0' };
    if (method === 'GET' && path === '/api/tags') return { models: models.map((name) => ({ name, model: name, size: 1, details: { family: 'qwen3' } })) };
    if (method === 'POST' && path === '/api/show') {
      const wanted = (body as { model?: unknown; name?: unknown } | null)?.model ?? (body as { name?: unknown } | null)?.name;
      if (typeof wanted !== 'string' || !models.some((name) => name === wanted || `${name}:latest` === wanted || name === `${wanted}:latest`)) return { status: 404, error: `model '${String(wanted)}' not found` };
      return {
        parameters: emulation?.numCtx ? `num_ctx                        ${emulation.numCtx}\nstop                           "<|im_end|>"` : 'stop                           "<|im_end|>"',
        model_info: { 'general.architecture': 'qwen3', ...(context ? { 'qwen3.context_length': context } : {}) },
        details: { family: 'qwen3' },
      };
    }
  }
  if (kind === 'llamacpp' && method === 'GET' && path === '/props') {
    return { default_generation_settings: { n_ctx: context ?? 4096, params: {} }, total_slots: 1, model_path: '/models/loopback.gguf', chat_template: '' };
  }
  if (kind === 'koboldcpp' && method === 'GET') {
    if (path === '/api/extra/version') return { result: 'KoboldCpp', version: '1.98' };
    if (path === '/api/extra/true_max_context_length' && context) return { value: context };
  }
  return undefined;
}

/** An Ollama `/api/chat` answer made from a chat-completion message. */
export function toOllamaChatAnswer(message: Record<string, unknown>, model: string, promptTokens: number): Record<string, unknown> {
  const calls = Array.isArray(message['tool_calls']) ? (message['tool_calls'] as Array<{ function: { name: string; arguments: string } }>) : [];
  return {
    model,
    created_at: '2026-01-01T00:00:00Z',
    message: {
      role: 'assistant',
      content: typeof message['content'] === 'string' ? message['content'] : '',
      ...(typeof message['reasoning_content'] === 'string' ? { thinking: message['reasoning_content'] } : {}),
      ...(calls.length > 0 ? { tool_calls: calls.map((call) => ({ function: { name: call.function.name, arguments: JSON.parse(call.function.arguments || '{}') as unknown } })) } : {}),
    },
    done: true,
    done_reason: 'stop',
    prompt_eval_count: promptTokens,
    eval_count: 8,
  };
}
