import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ControlRoomError } from '../protocol/index.js';
import { handleError } from './error-response.js';
import { httpFailureOf, statusForCode } from './error-status.js';

describe('statusForCode', () => {
  it('maps the known codes from one table', () => {
    expect(statusForCode('path_outside_workspace')).toBe(400);
    expect(statusForCode('invalid_request')).toBe(400);
    expect(statusForCode('path_not_found')).toBe(404);
    expect(statusForCode('conference_not_found')).toBe(404);
    expect(statusForCode('chief_not_removable')).toBe(409);
    expect(statusForCode('payload_too_large')).toBe(413);
    expect(statusForCode('model_unreachable')).toBe(503);
    expect(statusForCode('model_timeout')).toBe(504);
    expect(statusForCode('model_http_error')).toBe(502);
    expect(statusForCode('internal_error')).toBe(500);
  });

  it('falls back on who is at fault for codes not in the table, and 404 for any *_not_found', () => {
    expect(statusForCode('something_new', 'user')).toBe(400);
    expect(statusForCode('something_new', 'model')).toBe(502);
    expect(statusForCode('something_new', 'system')).toBe(500);
    expect(statusForCode('widget_not_found', 'system')).toBe(404);
  });
});

describe('httpFailureOf and the error handler', () => {
  const appWith = (development: boolean, error: unknown) => {
    const app = new Hono();
    app.get('/boom', () => {
      throw error;
    });
    app.onError((thrown, c) => handleError(thrown, c, development));
    return app;
  };

  it('answers {error:{code,message}} with the mapped status for a ControlRoomError', async () => {
    const response = await appWith(false, new ControlRoomError('chief_not_removable', 'The Chief stays.')).request('/boom');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'chief_not_removable', message: 'The Chief stays.' } });
  });

  it('hides the details of an unexpected error outside development, and shows the stack in development', async () => {
    const hidden = (await (await appWith(false, new Error('db password is hunter2')).request('/boom')).json()) as { error: { code: string; message: string; stack?: string } };
    expect(hidden.error.code).toBe('internal_error');
    expect(hidden.error.message).not.toContain('hunter2');
    expect(hidden.error.stack).toBeUndefined();
    const shown = (await (await appWith(true, new Error('db password is hunter2')).request('/boom')).json()) as { error: { message: string; stack?: string } };
    expect(shown.error.message).toContain('hunter2');
    expect(shown.error.stack).toContain('Error: db password is hunter2');
    expect(httpFailureOf(new ControlRoomError('path_not_found', 'gone'), { development: true }).stack).toContain('ControlRoomError');
  });
});
