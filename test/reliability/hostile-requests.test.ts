/**
 * Hostile requests (issue 8; SPEC §5, §11): every route the OpenAPI document lists is called in
 * memory with `app.request()` using traversal in every path parameter and query, and bodies of
 * the wrong shape (huge, deep, wrong types, not JSON). Every answer must be a 4xx with
 * `{error:{code,message}}` within a per-request timeout, and no file of the workspace may change.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRouteFixture, type RouteFixture } from '../../src/server/testing/route-fixture.js';
import { hostilePath, invalidBody, TRAVERSALS } from './helpers/hostile-values.js';

const REQUEST_TIMEOUT_MS = 15_000;
const METHODS_WITH_BODY = new Set(['post', 'put', 'patch', 'delete']);

let fixture: RouteFixture;
let operations: Array<{ method: string; template: string; queries: string[] }>;

beforeAll(async () => {
  fixture = await openRouteFixture();
  const document = (await (await fixture.send('GET', '/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  };
  operations = Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method,
      template,
      queries: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
    })),
  );
});
afterAll(async () => {
  await fixture?.close();
});

/** sha256 of every file under the workspace, by relative path. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hashes[path.relative(dir, full)] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
    }
  };
  await walk(dir);
  return hashes;
}

/** Sends one request with a deadline; a hang fails the test instead of stalling it. */
async function send(method: string, url: string, body?: string, accept?: string): Promise<{ status: number; json: unknown; text: string }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${method} ${url.slice(0, 200)}`)), REQUEST_TIMEOUT_MS);
  });
  try {
    const headers: Record<string, string> = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(accept === undefined ? {} : { accept }) };
    const response = await Promise.race([fixture.app.request(url, { method, headers, ...(body === undefined ? {} : { body }) }), deadline]);
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, json, text };
  } finally {
    clearTimeout(timer);
  }
}

function expectRefusal(answer: { status: number; json: unknown; text: string }, what: string): void {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  const error = (answer.json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  expect(typeof error?.code, `${what}: error.code`).toBe('string');
  expect(typeof error?.message, `${what}: error.message`).toBe('string');
}

/** The URL of an operation with every path parameter set to `value` (URL-encoded unless raw). */
function urlFor(template: string, value: string, raw: boolean): string {
  return template.replace(/\{[^}]+\}/g, raw ? value : encodeURIComponent(value));
}

describe('hostile requests to every route', () => {
  it('lists the routes it fuzzes', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  it('refuses traversal in every path parameter with a 4xx and changes no file', async () => {
    const before = await snapshot(fixture.dir);
    const withParameters = operations.filter((operation) => operation.template.includes('{'));
    for (const operation of withParameters) {
      for (const value of TRAVERSALS) {
        for (const raw of [false, true]) {
          if (raw && /[\u0000\s#?]/.test(value)) continue; // not a valid raw URL; the encoded form covers it
          const url = urlFor(operation.template, value, raw);
          const body = METHODS_WITH_BODY.has(operation.method) ? '{}' : undefined;
          const answer = await send(operation.method.toUpperCase(), url, body);
          // A raw `..` is resolved by the URL parser before routing; outside /api the web app answers.
          if (new URL(url, 'http://localhost').pathname.startsWith('/api/')) expectRefusal(answer, `${operation.method} ${url.slice(0, 120)}`);
          else expect(answer.status, url).toBeLessThan(500);
        }
      }
    }
    expect(await snapshot(fixture.dir)).toEqual(before);
  }, 240_000);

  it('refuses traversal in every query of the file route and of listing routes', async () => {
    const before = await snapshot(fixture.dir);
    await fc.assert(
      fc.asyncProperty(hostilePath, fc.oneof(fc.constant(''), fc.constantFrom('&start=-1&end=1e309', '&start=abc', '&end=%00')), async (value, extra) => {
        expectRefusal(await send('GET', `/api/vfs/file?path=${encodeURIComponent(value)}${extra}`), `vfs ${JSON.stringify(value)}`);
      }),
      { numRuns: 300 },
    );
    // Listing routes take free-text filters; hostile values must never break them (no 5xx).
    for (const operation of operations.filter((candidate) => candidate.method === 'get' && candidate.queries.length > 0 && !candidate.template.includes('{'))) {
      for (const value of TRAVERSALS) {
        const query = operation.queries.map((name) => `${name}=${encodeURIComponent(value)}`).join('&');
        const answer = await send('GET', `${operation.template}?${query}`);
        expect(answer.status, `${operation.template}?${query.slice(0, 100)} → ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        if (answer.status >= 400) expectRefusal(answer, operation.template);
      }
    }
    expect(await snapshot(fixture.dir)).toEqual(before);
  }, 240_000);

  it('refuses bodies of the wrong shape on every route that takes one, and changes no file', async () => {
    const before = await snapshot(fixture.dir);
    const withBodies = operations.filter((operation) => METHODS_WITH_BODY.has(operation.method));
    await fc.assert(
      // Half of them ask for the streamed variant (chat and rounds answer server-sent events): a bad
      // request must still be refused up front as JSON, never as a stream that fails later.
      fc.asyncProperty(fc.constantFrom(...withBodies), invalidBody, fc.boolean(), fc.boolean(), async (operation, body, hostileId, streamed) => {
        const url = urlFor(operation.template, hostileId ? '..' : 'no-such-id', false);
        const accept = streamed ? 'text/event-stream' : undefined;
        expectRefusal(await send(operation.method.toUpperCase(), url, body, accept), `${operation.method} ${url}${streamed ? ' (streamed)' : ''} ${body.slice(0, 80)}`);
      }),
      { numRuns: 800 },
    );
    expect(await snapshot(fixture.dir)).toEqual(before);
  }, 240_000);

  it('refuses huge bodies with 413 and huge strings inside a small limit with a 4xx', async () => {
    const before = await snapshot(fixture.dir);
    const huge = 'x'.repeat(2 * 1024 * 1024);
    for (const operation of operations.filter((candidate) => METHODS_WITH_BODY.has(candidate.method))) {
      const url = urlFor(operation.template, 'no-such-id', false);
      for (const accept of [undefined, 'text/event-stream']) {
        const answer = await send(operation.method.toUpperCase(), url, JSON.stringify({ message: huge, user_request: huge, attendees: [huge] }), accept);
        expectRefusal(answer, `${operation.method} ${url} with 2 MiB${accept ? ' (streamed)' : ''}`);
        // Audio and import uploads have their own limits: 2 MiB of JSON is refused as not audio, or
        // as not the multipart form of files an import takes.
        expect(answer.status, url).toBe(url === '/api/audio' ? 415 : url === '/api/import' ? 400 : 413);
      }
    }
    expect(await snapshot(fixture.dir)).toEqual(before);
  }, 240_000);
});
