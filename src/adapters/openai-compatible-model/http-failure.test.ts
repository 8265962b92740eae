import { describe, expect, it } from 'vitest';
import { httpFailure } from './http-failure.js';

describe('httpFailure', () => {
  it('quotes the provider, marks 429 and 5xx transient and keeps a 500-character excerpt', () => {
    const limited = httpFailure(429, '{"error":{"message":"slow down"}}', 'http://h/v1', 'm');
    expect(limited).toMatchObject({ code: 'model_http_error', fault: 'system', details: { status: 429, transient: true } });
    expect(limited.message).toContain('slow down');
    const unauthorized = httpFailure(401, 'x'.repeat(2000), 'http://h/v1', 'm');
    expect(unauthorized.details).toEqual({ status: 401, transient: false, body: 'x'.repeat(500) });
    expect(unauthorized.message).toMatch(/API key/);
    expect(httpFailure(404, '', 'http://h/v1', 'm').message).toMatch(/ends with \/v1/);
  });
});
