import type { ModelRequest, ModelResponse } from '../../protocol/index.js';

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
}
