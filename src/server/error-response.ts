import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { httpFailureOf, type HttpFailure } from './error-status.js';

/** One problem with a request body, query or path parameter. */
export interface RequestIssue {
  path: Array<string | number>;
  message: string;
  code: string;
}

/** The `{error:{code,message}}` body of every failure (plus `issues` for bad requests, `stack` in development). */
export interface ErrorBody {
  error: { code: string; message: string; issues?: RequestIssue[]; stack?: string };
}

/** Answers with an error body and its status. */
export function errorResponse(c: Context, failure: HttpFailure & { issues?: RequestIssue[] }): Response {
  const error: ErrorBody['error'] = { code: failure.code, message: failure.message };
  if (failure.issues) error.issues = failure.issues;
  if (failure.stack) error.stack = failure.stack;
  return c.json({ error } satisfies ErrorBody, failure.status as ContentfulStatusCode);
}

/** The zod issues of a refused request as `{path, message, code}`. */
export function requestIssues(error: ZodError): RequestIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)), message: issue.message, code: issue.code }));
}

/** The 400 for a request that failed its schema, naming each problem. */
export function invalidRequest(c: Context, error: ZodError, where: string): Response {
  const issues = requestIssues(error);
  const first = issues[0];
  const detail = first ? `${first.path.length > 0 ? first.path.join('.') : '(whole)'}: ${first.message}` : 'it does not match the schema';
  return errorResponse(c, { status: 400, code: 'invalid_request', message: `The request ${where} is not valid — ${detail}.`, issues });
}

/** Maps anything a route throws to its status and body (stacks only in development). */
export function handleError(error: unknown, c: Context, development: boolean): Response {
  if (error instanceof HTTPException) {
    // Hono's own refusals (a body that is not JSON, say) are the caller's mistake.
    const status = error.status;
    const code = status === 413 ? 'payload_too_large' : status === 401 ? 'unauthorized' : status >= 500 ? 'internal_error' : 'invalid_request';
    const message = status === 400 && /JSON/i.test(error.message) ? 'The request body is not valid JSON.' : error.message || 'The request was refused.';
    return errorResponse(c, { status, code, message });
  }
  const failure = httpFailureOf(error, { development });
  if (failure.status >= 500) console.error(error);
  return errorResponse(c, failure);
}
