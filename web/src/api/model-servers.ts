/** What `GET /api/models` lists: model servers found on the usual ports and the configured ones. */
export interface ServerModel {
  id: string;
  /** Context window in tokens, as the server reports it (null: not reported). */
  contextTokens: number | null;
  /** Ollama: the window without num_ctx (longer prompts go through its own API with a larger one). */
  defaultContextTokens?: number;
}

export interface ModelServer {
  baseUrl: string;
  kind: 'lmstudio' | 'ollama' | 'llamacpp' | 'vllm' | 'jan' | 'koboldcpp' | 'openai-compatible';
  /** The server as a writer knows it: LM Studio, Ollama, llama.cpp server … */
  name: string;
  reachable: boolean;
  /** An agent uses this server now. */
  configured: boolean;
  models: ServerModel[];
  error?: string;
}

export interface ModelServers {
  servers: ModelServer[];
}
