/**
 * The model boundary: chat messages in the OpenAI chat-completions shape (the lingua franca of LM
 * Studio, Ollama's /v1, llama.cpp's server, vLLM and OpenAI), and what a completion returns.
 */

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

/** A call the model made through the provider's native `tool_calls` channel, once complete. */
export interface NativeToolCall {
  id: string;
  name: string;
  /** The raw arguments text as the model produced it (normally JSON). */
  arguments: string;
}

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** For `tool` messages: the call this result answers. */
  toolCallId?: string;
  /** For `assistant` messages that made native calls. */
  toolCalls?: NativeToolCall[];
}

/** A function tool offered through the native channel (cascade profile). */
export interface FunctionToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

/** `response_format` as sent to the provider (json_schema for strict steps). */
export interface ResponseFormat {
  type: 'json_schema';
  json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
}

/** Incremental output while a streamed completion arrives. */
export type ModelDelta =
  | { kind: 'content'; text: string }
  | { kind: 'reasoning'; text: string }
  | { kind: 'tool-call'; index: number; id?: string; name?: string; argumentsText?: string };

export interface ModelRequest {
  messages: ChatMessage[];
  responseFormat?: ResponseFormat;
  tools?: FunctionToolSpec[];
  /** Force a specific native tool (`{name}`), or let the model choose. */
  toolChoice?: 'auto' | 'none' | { name: string };
  temperature?: number;
  maxTokens?: number;
  /** Stream the completion (server-sent events) and report deltas through `onDelta`. */
  stream?: boolean;
  onDelta?: (delta: ModelDelta) => void;
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned with `model_timeout`. */
  timeoutMs?: number;
}

export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ModelResponse {
  /** The visible content (reasoning removed when the provider sent it separately). */
  content: string;
  /** Reasoning the provider sent separately (`reasoning_content`) or inside `<think>` tags. */
  reasoning: string;
  /** Native tool calls, complete (arguments fully assembled). */
  toolCalls: NativeToolCall[];
  finishReason: string | null;
  usage?: ModelUsage;
  /** The model that answered (as the provider reported it, or as requested). */
  model: string;
  latencyMs: number;
}

/**
 * One retry within a turn (the thinking-router retry policy): a model call sent again after a
 * transient failure, a tool call asked again after invalid output, or a tool run again after a
 * transient error. Counted in results and recorded in the trace with its reason.
 */
export interface RetryRecord {
  kind: 'model' | 'output' | 'tool';
  /** Why: the failure or rejection code. */
  code: string;
  /** The model or tool concerned. */
  target: string;
}

/** Where a model's context window was learnt. */
export type ContextWindowSource = 'lmstudio' | 'ollama' | 'llamacpp' | 'vllm' | 'koboldcpp' | 'models-list' | 'gguf' | 'configured';

/** How many tokens a model takes in one request (prompt and reply together), as its server said. */
export interface ContextWindow {
  /** Tokens of prompt plus reply the model holds. */
  tokens: number;
  source: ContextWindowSource;
  /** The setting a writer changes to give the model a larger window, in the server's own words. */
  setting: string;
}

/** Codes of model failures; `transient` ones may be retried. */
export const MODEL_ERROR_CODES = [
  'model_unreachable',
  'model_timeout',
  'model_cancelled',
  'model_http_error',
  'model_bad_response',
  'model_empty_response',
  'model_not_configured',
  'model_context_exceeded',
] as const;
export type ModelErrorCode = (typeof MODEL_ERROR_CODES)[number];

/** `details` of every `ControlRoomError` with a model error code: what a retry policy decides on. */
export interface ModelErrorDetails {
  /** The HTTP status, when the server answered. */
  status?: number;
  /** True when the same request may succeed if sent again (connection, timeout, 408, 429, 5xx, empty reply). */
  transient: boolean;
  /** The first 500 characters of what the server sent, for the trace. */
  body?: string;
}
