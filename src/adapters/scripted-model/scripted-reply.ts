import { TOOL_NONCE_LINE_PREFIX, type ModelErrorCode } from '../../protocol/index.js';

/** A native tool call a script makes; `arguments` may be given as an object for readability. */
export interface ScriptedToolCall {
  name: string;
  arguments: string | Record<string, unknown>;
  /** Defaults to `call_<reply number>_<position>`. */
  id?: string;
}

/**
 * One scripted model reply. Without `status` or `error` it is a completion made of `content`,
 * `reasoning` and `toolCalls`; a reply with none of them is an empty completion (which the model
 * adapters turn into `model_empty_response`, as they would for a real server).
 */
export interface ScriptedReply {
  content?: string;
  reasoning?: string;
  toolCalls?: ScriptedToolCall[];
  /** Answer as an HTTP error with this status (`model_http_error`; 429 and 5xx transient). */
  status?: number;
  /** Fail with this model error code instead of answering. */
  error?: ModelErrorCode;
  /** The error message for `status` or `error`. */
  message?: string;
  /** Wait this long before answering (honours the request's timeout and abort signal). */
  delayMs?: number;
  /** Defaults to `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: string;
  /** The model name to report (defaults to the requested one). */
  model?: string;
}

/** A reply, or a function that builds it from what was asked (e.g. to echo the turn's nonce). */
export type ScriptedStep<Input> = ScriptedReply | ((input: Input) => ScriptedReply | Promise<ScriptedReply>);

/** Resolves a step to its reply. */
export async function resolveStep<Input>(step: ScriptedStep<Input>, input: Input): Promise<ScriptedReply> {
  return typeof step === 'function' ? await step(input) : step;
}

/**
 * The turn's nonce: the last `TOOL_NONCE: <nonce>` line in the messages, searching from the most
 * recent message back. Works on our `ChatMessage`s and on wire messages alike.
 */
export function findToolNonce(messages: ReadonlyArray<{ content?: unknown }> | undefined): string | undefined {
  if (messages === undefined) return undefined;
  for (let position = messages.length - 1; position >= 0; position -= 1) {
    const content = messages[position]?.content;
    if (typeof content !== 'string' || !content.includes(TOOL_NONCE_LINE_PREFIX)) continue;
    let found: string | undefined;
    for (const line of content.split(/\r?\n/)) {
      if (line.startsWith(TOOL_NONCE_LINE_PREFIX)) {
        const nonce = line.slice(TOOL_NONCE_LINE_PREFIX.length).trim();
        if (nonce !== '') found = nonce;
      }
    }
    if (found !== undefined) return found;
  }
  return undefined;
}
