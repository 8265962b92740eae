import type { ContextWindow, ModelRequest, ModelResponse } from '../../protocol/index.js';

/**
 * A chat model. Adapters: OpenAI-compatible HTTP, the scripted model for tests and the offline
 * demo, and the optional embedded llama.cpp model. Failures throw `ControlRoomError` with a
 * `MODEL_ERROR_CODES` code and `details.status` / `details.transient` — never a silent empty reply.
 */
export interface Model {
  /** The model name requests go to. */
  readonly name: string;
  /** Where it lives, for traces and the settings screen (base URL, `scripted`, a GGUF path). */
  readonly endpoint: string;
  complete(request: ModelRequest): Promise<ModelResponse>;
  /**
   * The model's context window as its server reports it (learnt once, then remembered), or null
   * when the server does not say. Prompts are fitted into it before they are sent.
   */
  contextWindow?(): Promise<ContextWindow | null>;
}
