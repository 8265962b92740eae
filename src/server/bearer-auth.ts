import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './error-response.js';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Requires `Authorization: Bearer <token>` (used when the server listens beyond loopback). The
 * comparison is over digests of equal length, in constant time, so timing reveals nothing.
 */
export function bearerAuth(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="control-room"');
      return errorResponse(c, {
        status: 401,
        code: 'unauthorized',
        message: 'This Control Room server needs its access token: send "Authorization: Bearer <token>" (the token was printed when the server started, or is CONTROL_ROOM_TOKEN).',
      });
    }
    await next();
  };
}
