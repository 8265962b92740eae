import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmWav } from '../../test/support/pcm-wav.js';
import { AllowedHosts } from './allowed-hosts.js';
import { openRouteFixture, type RouteFixture } from './testing/route-fixture.js';

const PORT = 4317;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const url = (pathAndQuery: string) => `${ORIGIN}${pathAndQuery}`;

let fixture: RouteFixture;
beforeAll(async () => {
  fixture = await openRouteFixture({ allowedHosts: new AllowedHosts([], ['writer.lan'], PORT) });
});
afterAll(async () => {
  await fixture.close();
});

/** sha256 of every file under the workspace (app data included), by relative path. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && !/\.db(-wal|-shm)?$/.test(entry.name)) hashes[path.relative(dir, full)] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
    }
  };
  await walk(dir);
  return hashes;
}

const silentWav = (): Uint8Array => pcmWav({ sampleRate: 8000, frames: 4000 });

const codeOf = async (response: Response): Promise<string | undefined> => ((await response.json()) as { error?: { code?: string } }).error?.code;

/** Every state-changing operation of the OpenAPI document, its path parameters filled in. */
async function stateChanges(): Promise<Array<{ method: string; path: string }>> {
  const document = (await (await fixture.app.request(url('/api/openapi.json'))).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.keys(operations)
      .filter((method) => !['get', 'head', 'options'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path: template.replace(/\{[^}]+\}/g, 'chief') })),
  );
}

describe('the request guard: Host', () => {
  const hostile = ['evil.example', `evil.example:${PORT}`, `127.0.0.1.evil.example:${PORT}`, `localhost.:${PORT}`, `127.0.0.1:${PORT + 1}`, 'localhost', `[::1]:${PORT + 7}`, `127.0.0.1:${PORT}@evil.example`, `0.0.0.0:${PORT}`, `attacker.test:80`];
  const reads = ['/api/vfs/file?path=Canon.md', '/api/vfs/tree', '/api/settings/models', '/api/traces/rounds', '/api/memory/buckets', '/api/audit/sessions', '/', '/index.html', '/api/openapi.json', '/mcp'];

  it('answers 421 to any Host that is not this server, on every path, the web app’s included, and says nothing else', async () => {
    for (const host of hostile) {
      for (const target of reads) {
        const response = await fixture.app.request(url(target), { headers: { host } });
        expect(response.status, `${host} ${target}`).toBe(421);
        const text = await response.text();
        expect(JSON.parse(text)).toMatchObject({ error: { code: 'host_not_allowed' } });
        expect(text).not.toMatch(/Hester|Canon Index|apiKey|baseUrl/);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      }
    }
  });

  it('checks the URL’s own host too (an absolute request target), and refuses a state change from a bad Host first', async () => {
    expect((await fixture.app.request('http://evil.example/api/vfs/tree')).status).toBe(421);
    expect((await fixture.app.request('http://evil.example/api/vfs/tree', { headers: { host: `127.0.0.1:${PORT}` } })).status).toBe(421);
    const change = await fixture.app.request(url('/api/agents/editor'), { method: 'PATCH', headers: { host: 'evil.example', 'content-type': 'application/json', origin: 'http://evil.example' }, body: '{"muted":true}' });
    expect(await codeOf(change)).toBe('host_not_allowed');
  });

  it('serves this server’s own names: loopback with its port, and the names the writer allowed', async () => {
    for (const host of [`127.0.0.1:${PORT}`, `localhost:${PORT}`, `LOCALHOST:${PORT}`, `[::1]:${PORT}`, 'writer.lan', `writer.lan:${PORT}`]) {
      const response = await fixture.app.request(`http://${host}/api/vfs/tree`, { headers: { host } });
      expect(response.status, host).toBe(200);
    }
  });
});

describe('the request guard: state changes come only from the app’s own pages', () => {
  it('refuses every state-changing route when the request is cross-site, a form, or carries no JSON — and nothing changes', async () => {
    const before = await snapshot(fixture.dir);
    const attacks: Array<{ name: string; headers: Record<string, string>; body?: string; expect: string }> = [
      { name: 'JSON from another site', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: '{}', expect: 'cross_origin_refused' },
      { name: 'JSON from another port', headers: { origin: `http://127.0.0.1:${PORT + 1}`, 'content-type': 'application/json' }, body: '{}', expect: 'cross_origin_refused' },
      { name: 'JSON from localhost on another port', headers: { origin: `http://localhost:${PORT + 100}`, 'content-type': 'application/json' }, body: '{}', expect: 'cross_origin_refused' },
      { name: 'the app header from another site', headers: { origin: 'https://evil.example', 'x-control-room': '1' }, expect: 'cross_origin_refused' },
      { name: 'a sandboxed frame (Origin: null)', headers: { origin: 'null', 'content-type': 'application/json' }, body: '{}', expect: 'cross_origin_refused' },
      { name: 'cross-site by fetch metadata', headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'content-type': 'application/json' }, body: '{}', expect: 'cross_origin_refused' },
      { name: 'same-site by fetch metadata', headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }, expect: 'cross_origin_refused' },
      { name: 'a cross-site form navigation', headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'content-type': 'application/x-www-form-urlencoded' }, body: 'muted=true', expect: 'cross_origin_refused' },
      { name: 'an older browser: no Origin, a Referer from another site', headers: { referer: 'http://evil.example/prompts.html', 'content-type': 'application/json' }, body: '{}', expect: 'cross_origin_refused' },
      { name: 'a Referer from another port', headers: { referer: `http://127.0.0.1:${PORT + 1}/`, 'x-control-room': '1' }, expect: 'cross_origin_refused' },
      { name: 'no body, no type', headers: {}, expect: 'content_type_required' },
      { name: 'a form body', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'muted=true&message=hi', expect: 'content_type_required' },
      { name: 'a multipart form', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', expect: 'content_type_required' },
      { name: 'JSON as text/plain', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: '{"muted":true}', expect: 'content_type_required' },
      { name: 'a JSON look-alike type', headers: { 'content-type': 'text/plain; application/json' }, body: '{"muted":true}', expect: 'content_type_required' },
      { name: 'application/jsonp', headers: { 'content-type': 'application/jsonp' }, body: '{"muted":true}', expect: 'content_type_required' },
      { name: 'the app header with another value', headers: { 'x-control-room': '0' }, expect: 'content_type_required' },
    ];
    const routes = await stateChanges();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      for (const attack of attacks) {
        const response = await fixture.app.request(url(route.path), { method: route.method, headers: attack.headers, ...(attack.body === undefined ? {} : { body: attack.body }) });
        const label = `${route.method} ${route.path} — ${attack.name}`;
        expect(response.status, label).toBe(attack.expect === 'cross_origin_refused' ? 403 : 415);
        expect(await codeOf(response), label).toBe(attack.expect);
        expect(response.headers.get('access-control-allow-origin'), label).toBeNull();
      }
    }
    expect(await snapshot(fixture.dir)).toEqual(before);
    expect(fixture.room.agents.find((agent) => agent.id === 'editor')?.muted).toBe(false);
    expect(await fixture.room.memory.buckets()).toEqual([]);
    expect(await (await fixture.app.request(url('/api/audio'))).json()).toEqual({ clips: [] });
  });

  it('lets the app’s own requests through: JSON from its own origin, bodiless JSON actions, the app header', async () => {
    const muted = await fixture.app.request(url('/api/agents/editor'), { method: 'PATCH', headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, body: '{"muted":true}' });
    expect(muted.status).toBe(200);
    const unmuted = await fixture.app.request(url('/api/agents/editor'), { method: 'PATCH', headers: { referer: `${ORIGIN}/conference`, 'content-type': 'application/json; charset=utf-8' }, body: '{"muted":false}' });
    expect(unmuted.status).toBe(200);

    const added = await fixture.app.request(url('/api/memory/bucket:guard/items'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"content":"The lamp room key hangs by the door."}' });
    expect(added.status).toBe(201);
    const { item } = (await added.json()) as { item: { item_id: string } };
    // A bodiless action with the JSON type reads its body as {} (pinned: true by default).
    const pinned = await fixture.app.request(url(`/api/memory/items/${item.item_id}/pin`), { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN } });
    expect(pinned.status).toBe(200);
    expect(((await pinned.json()) as { item: { pinned: boolean } }).item.pinned).toBe(true);
    const unpinned = await fixture.app.request(url(`/api/memory/items/${item.item_id}/pin`), { method: 'POST', headers: { 'x-control-room': '1' }, body: undefined });
    expect(unpinned.status).toBe(200);
    // The fixture sends what the web app sends.
    expect((await fixture.send('POST', url(`/api/memory/items/${item.item_id}/pin`))).status).toBe(200);
  });

  it('takes audio as raw audio or with the app header, never as a bare form', async () => {
    const form = () => {
      const body = new FormData();
      body.set('file', new Blob([silentWav()], { type: 'audio/wav' }), 'take.wav');
      return body;
    };
    expect(await codeOf(await fixture.app.request(url('/api/audio'), { method: 'POST', body: form() }))).toBe('content_type_required');
    expect(await codeOf(await fixture.app.request(url('/api/audio'), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'RIFF' }))).toBe('content_type_required');
    expect(await codeOf(await fixture.app.request(url('/api/audio'), { method: 'POST', headers: { origin: 'http://evil.example', 'x-control-room': '1' }, body: form() }))).toBe('cross_origin_refused');
    expect((await fixture.app.request(url('/api/audio'), { method: 'POST', headers: { 'x-control-room': '1' }, body: form() })).status).toBe(201);
    expect((await fixture.app.request(url('/api/audio'), { method: 'POST', headers: { 'content-type': 'audio/wav', origin: ORIGIN }, body: silentWav() })).status).toBe(201);
    // A JSON body sent to the upload is not read as JSON first: the route refuses it itself.
    const json = await fixture.app.request(url('/api/audio'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    // Raw audio types count only for the upload itself.
    expect(await codeOf(await fixture.app.request(url('/api/memory/bucket:guard/items'), { method: 'POST', headers: { 'content-type': 'audio/wav' }, body: '{"content":"x"}' }))).toBe('content_type_required');
  });

  it('lets no other site load the API, while a link to the app from elsewhere still opens it', async () => {
    const loads: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', origin: 'http://evil.example' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
      { origin: `http://127.0.0.1:${PORT + 1}` },
    ];
    for (const headers of loads) {
      for (const target of ['/api/vfs/file?path=Canon.md', '/api/settings/models', '/']) {
        const response = await fixture.app.request(url(target), { headers });
        expect(response.status, `${target} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    const opened = await fixture.app.request(url('/'), { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } });
    expect(opened.status).toBe(200);
    const own = await fixture.app.request(url('/api/vfs/tree'), { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } });
    expect(own.status).toBe(200);
    expect(own.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(own.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('never grants CORS, not even to a preflight from its own origin', async () => {
    for (const origin of [ORIGIN, 'http://evil.example']) {
      const response = await fixture.app.request(url('/api/agents/editor'), {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'content-type' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-methods')).toBeNull();
    }
  });
});
