import type { MiddlewareHandler } from 'hono';
import { isJsonMediaType } from './request-guard.js';

/**
 * Reads an empty JSON body as `{}`. The request guard asks every state change for a JSON content
 * type, bodiless actions (undo, cancel, pin) included; without this their optional-body routes
 * would refuse the empty body as malformed JSON. Installed after the body limit, which bounds the read.
 */
export function emptyJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isJsonMediaType(c.req.header('content-type'))) {
      const text = await c.req.text();
      // Hono keeps the body it read as a promise under its type; replacing it is how `{}` is read instead.
      if (text.trim() === '') (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve('{}');
    }
    await next();
  };
}
