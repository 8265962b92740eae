import { ControlRoomError, type Fault, type ModelErrorCode } from '../../protocol/index.js';
// Imported from its module until the protocol index lists it.
import type { ModelErrorDetails } from '../../protocol/model.js';

export type { ModelErrorDetails };

const BODY_EXCERPT_CHARS = 500;

/** Statuses worth retrying: rate limits, request timeouts and server-side failures. */
export function isTransientHttpStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/** Cuts a response body to the excerpt kept in error details. */
export function bodyExcerpt(body: string): string {
  return body.length > BODY_EXCERPT_CHARS ? body.slice(0, BODY_EXCERPT_CHARS) : body;
}

const FAULT_BY_CODE: Record<ModelErrorCode, Fault> = {
  model_unreachable: 'system',
  model_timeout: 'system',
  model_cancelled: 'user',
  model_http_error: 'system',
  model_bad_response: 'model',
  model_empty_response: 'model',
  model_not_configured: 'user',
  model_context_exceeded: 'user',
};

/** Builds the `ControlRoomError` for a model failure with the stable details shape. */
export function modelError(code: ModelErrorCode, message: string, details: ModelErrorDetails, cause?: unknown): ControlRoomError {
  const cleaned: ModelErrorDetails = { transient: details.transient };
  if (details.status !== undefined) cleaned.status = details.status;
  if (details.body !== undefined) cleaned.body = bodyExcerpt(details.body);
  return new ControlRoomError(code, message, { fault: FAULT_BY_CODE[code], details: { ...cleaned }, cause });
}
