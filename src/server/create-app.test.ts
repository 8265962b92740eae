import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRouteFixture, type RouteFixture } from './testing/route-fixture.js';

let fixture: RouteFixture;
beforeAll(async () => {
  fixture = await openRouteFixture();
});
afterAll(async () => {
  await fixture.close();
});

/** Every route of the API contract, as the OpenAPI document names them. */
const ROUTES: Array<[string, string]> = [
  ['get', '/api/health'],
  ['get', '/api/agents'],
  ['patch', '/api/agents/{id}'],
  ['get', '/api/settings/models'],
  ['put', '/api/settings/models'],
  ['get', '/api/vfs/tree'],
  ['get', '/api/vfs/file'],
  ['post', '/api/ai/chat'],
  ['post', '/api/ai/chief/route'],
  ['post', '/api/conferences'],
  ['get', '/api/conferences/{id}'],
  ['post', '/api/conferences/{id}/attendees'],
  ['delete', '/api/conferences/{id}/attendees/{agentId}'],
  ['patch', '/api/conferences/{id}/attendees/{agentId}'],
  ['post', '/api/conferences/{id}/rounds'],
  ['get', '/api/issues'],
  ['get', '/api/issues/{id}'],
  ['get', '/api/audit/sessions'],
  ['get', '/api/audit/sessions/{id}/receipts'],
  ['get', '/api/audit/sessions/{id}/tool-receipts'],
  ['post', '/api/audit/sessions/{id}/link-issue'],
  ['get', '/api/audit/verify'],
  ['get', '/api/audit/key'],
  ['get', '/api/telemetry'],
  ['get', '/api/traces/rounds'],
  ['get', '/api/traces/rounds/{id}'],
  ['get', '/api/traces/export'],
];

describe('GET /api/health', () => {
  it('says the server is up, which workspace it serves and that the demo model answers', async () => {
    const response = await fixture.send('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      version: '0.0.0-test',
      workspace: 'novel',
      mode: 'demo',
      model: { reachable: false, baseUrl: 'demo', model: 'control-room-demo' },
    });
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every route with its request schema', async () => {
    const response = await fixture.send('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>> };
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths).flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method} ${route}`));
    expect(listed).toEqual(expect.arrayContaining(ROUTES.map(([method, route]) => `${method} ${route}`)));
    // Every route the app answers is in the document, and nothing else is.
    const registered = fixture.app.routes
      .filter((route) => route.path.startsWith('/api/') && !route.path.includes('*') && route.path !== '/api/openapi.json' && route.method !== 'ALL')
      .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect([...new Set(listed)].sort()).toEqual([...new Set(registered)].sort());
    expect(document.paths['/api/ai/chat']?.['post']?.requestBody).toBeDefined();
    expect(document.paths['/api/vfs/file']?.['get']?.parameters?.length).toBeGreaterThan(0);
  });
});

describe('the API around the routes', () => {
  it('answers unknown API paths with a 404 error body, never the web app', async () => {
    const response = await fixture.send('GET', '/api/nothing/here');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    const wrongMethod = await fixture.send('DELETE', '/api/health');
    expect(wrongMethod.status).toBe(404);
  });

  it('refuses bodies over 1 MiB with 413 payload_too_large, before any work', async () => {
    const response = await fixture.send('POST', '/api/ai/chat', { message: 'x'.repeat(1024 * 1024 + 10) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    const small = await fixture.send('PUT', '/api/settings/models', { default: { model: 'y'.repeat(2 * 1024 * 1024) } });
    expect(small.status).toBe(413);
  });
});

describe('static web app', () => {
  it('says how to build the web app when web/dist is missing', async () => {
    for (const url of ['/', '/conference/abc']) {
      const response = await fixture.send('GET', url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('npm run build:web');
    }
  });

  it('serves the built files, index.html for app routes, and nothing outside the folder', async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-web-'));
    const webRoot = path.join(base, 'dist');
    await fs.mkdir(path.join(webRoot, 'assets'), { recursive: true });
    await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Control Room</title><div id="root"></div>');
    await fs.writeFile(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log("app")');
    await fs.writeFile(path.join(base, 'secret.txt'), 'not for the web');
    const web = await openRouteFixture({ webRoot });
    try {
      const index = await web.send('GET', '/');
      expect(await index.text()).toContain('<div id="root">');
      const script = await web.send('GET', '/assets/app-1234.js');
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(script.headers.get('cache-control')).toContain('immutable');
      expect(await script.text()).toBe('console.log("app")');
      expect(await (await web.send('GET', '/conference/conf-1')).text()).toContain('<div id="root">');
      expect((await web.send('GET', '/assets/missing.js')).status).toBe(404);
      for (const url of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
        expect(await (await web.send('GET', url)).text(), url).not.toContain('not for the web');
      }
    } finally {
      await web.close();
      await fs.rm(base, { recursive: true, force: true });
    }
  });
});

describe('remote access token', () => {
  it('requires Authorization: Bearer <token> on every /api request when a token is set', async () => {
    const token = 'a-long-enough-test-token-0123456789';
    const guarded = await openRouteFixture({ token });
    try {
      for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: token }] as Array<Record<string, string>>) {
        const response = await guarded.send('GET', '/api/agents', undefined, headers);
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
      }
      const refused = await guarded.send('POST', '/api/conferences', { attendees: [] });
      expect(refused.status).toBe(401);
      const allowed = await guarded.send('GET', '/api/agents', undefined, { authorization: `Bearer ${token}` });
      expect(allowed.status).toBe(200);
      expect((await guarded.send('GET', '/')).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
