/**
 * The local model servers a writer is likely to run, where they listen by default, and the
 * setting that gives a model a larger context window on each.
 */
export type ModelServerKind = 'lmstudio' | 'ollama' | 'llamacpp' | 'vllm' | 'jan' | 'koboldcpp' | 'openai-compatible';

export interface ModelServerKindInfo {
  kind: ModelServerKind;
  /** As the writer knows it. */
  name: string;
  /** The port it listens on out of the box (null: no usual port). */
  port: number | null;
  /** The setting to change for a larger context window, in the server's own words. */
  contextSetting: string;
}

export const MODEL_SERVER_KINDS: readonly ModelServerKindInfo[] = [
  { kind: 'lmstudio', name: 'LM Studio', port: 1234, contextSetting: "LM Studio: raise the model's Context Length in its load settings (or lms load <model> --context-length <tokens>)" },
  { kind: 'ollama', name: 'Ollama', port: 11434, contextSetting: "Ollama: raise num_ctx (PARAMETER num_ctx in the model's Modelfile, or OLLAMA_CONTEXT_LENGTH for the server)" },
  { kind: 'llamacpp', name: 'llama.cpp server', port: 8080, contextSetting: 'llama.cpp: start llama-server with a larger --ctx-size (-c); with --parallel N each slot gets ctx-size/N' },
  { kind: 'vllm', name: 'vLLM', port: 8000, contextSetting: 'vLLM: start the server with a larger --max-model-len' },
  { kind: 'jan', name: 'Jan', port: 1337, contextSetting: "Jan: raise the model's Context Size in its settings" },
  { kind: 'koboldcpp', name: 'KoboldCpp', port: 5001, contextSetting: 'KoboldCpp: start it with a larger --contextsize' },
  { kind: 'openai-compatible', name: 'OpenAI-compatible server', port: null, contextSetting: "the model's context length in the server's settings" },
];

/** The facts of one kind. */
export function kindInfo(kind: ModelServerKind): ModelServerKindInfo {
  return MODEL_SERVER_KINDS.find((info) => info.kind === kind) ?? MODEL_SERVER_KINDS[MODEL_SERVER_KINDS.length - 1]!;
}

/** The usual OpenAI-compatible base URLs of the six local servers, on this machine. */
export const LOCAL_SERVER_BASE_URLS: readonly string[] = MODEL_SERVER_KINDS.flatMap((info) => (info.port === null ? [] : [`http://127.0.0.1:${info.port}/v1`]));

/** The origin of a base URL (`http://127.0.0.1:11434/v1` → `http://127.0.0.1:11434`): native APIs live there. */
export function serverOrigin(baseUrl: string): string {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return baseUrl.trim().replace(/\/v1\/?$/, '').replace(/\/+$/, '');
  }
}
