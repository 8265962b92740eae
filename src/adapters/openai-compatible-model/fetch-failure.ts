import type { ControlRoomError } from '../../protocol/index.js';
import { modelError } from '../../core/streaming/index.js';
import { TransportError } from './post-request.js';

/** What was going on when the request or a body read failed. */
export interface FailureContext {
  endpoint: string;
  model: string;
  timeoutMs: number;
  callerSignal: AbortSignal | undefined;
  timeoutSignal: AbortSignal;
  /** True once the server had answered with headers: a failure now means the reply broke off. */
  responseStarted: boolean;
}

/** True for the errors the transport and body reads throw (as opposed to errors from our own callbacks). */
export function isFetchFailure(error: unknown): boolean {
  if (error instanceof TransportError || error instanceof TypeError) return true;
  const name = error instanceof Error ? error.name : undefined;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** The operating-system error code behind a `fetch failed`, e.g. ECONNREFUSED. */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = current.cause;
  }
  return undefined;
}

/** Classifies a transport failure as cancelled, timed out, unreachable or broken off. */
export function fetchFailure(error: unknown, context: FailureContext): ControlRoomError {
  if (context.callerSignal?.aborted === true) {
    return modelError('model_cancelled', `The request to "${context.model}" was cancelled.`, { transient: false }, error);
  }
  if (context.timeoutSignal.aborted) {
    return modelError(
      'model_timeout',
      `The model "${context.model}" at ${context.endpoint} did not finish within ${context.timeoutMs} ms; a local model may still be loading — try again or raise the timeout.`,
      { transient: true },
      error,
    );
  }
  const code = causeCode(error);
  if (context.responseStarted) {
    return modelError(
      'model_bad_response',
      `The connection to ${context.endpoint} closed before the reply finished${code ? ` (${code})` : ''}; try again.`,
      { transient: true },
      error,
    );
  }
  const reason = code === 'ECONNREFUSED' ? 'connection refused' : code ?? (error instanceof Error ? error.message : String(error));
  return modelError(
    'model_unreachable',
    `Could not reach the model server at ${context.endpoint} (${reason}). Start LM Studio, Ollama or llama.cpp's server, or check CONTROL_ROOM_LLM_BASE_URL.`,
    { transient: true },
    error,
  );
}
