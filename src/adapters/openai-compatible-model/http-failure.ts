import type { ControlRoomError } from '../../protocol/index.js';
import { isTransientHttpStatus, modelError } from '../../core/streaming/index.js';

/** What the person should check for a given status. */
function hintFor(status: number): string {
  if (status === 401 || status === 403) return ' Check the API key (CONTROL_ROOM_LLM_API_KEY or the agent endpoint\'s apiKey).';
  if (status === 404) return ' Check the model name and that the base URL ends with /v1.';
  if (status === 429) return ' The server is rate limiting; the request may be retried after a pause.';
  if (status >= 500) return ' The server failed; the request may be retried.';
  return '';
}

/** The provider's own words from an `{"error": {"message": …}}` body, when it sent them. */
function providerMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const error = parsed.error;
    if (typeof error === 'string') return error;
    if (typeof error?.message === 'string') return error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the excerpt in `details.body` still shows what came back.
  }
  return undefined;
}

/** Builds `model_http_error` for a non-2xx answer (429 and 5xx are transient). */
export function httpFailure(status: number, body: string, endpoint: string, model: string): ControlRoomError {
  const said = providerMessage(body);
  return modelError(
    'model_http_error',
    `The model server at ${endpoint} answered HTTP ${status} for model "${model}"${said ? `: ${said}` : ''}.${hintFor(status)}`,
    { status, transient: isTransientHttpStatus(status), body },
  );
}
