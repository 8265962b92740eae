/**
 * The real `control-room serve`, attacked over raw HTTP on 127.0.0.1 with the headers a browser
 * on another site (or a rebound domain name) would send: only its own Host names are served, the
 * names added with --allowed-host and CONTROL_ROOM_ALLOWED_HOSTS included; state changes come only
 * from its own origin and in JSON; no answer ever grants CORS.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-guard-');
  server = await startServerProcess(['serve', '--workspace', workspace.dir, '--port', '0', '--demo', '--allowed-host', 'writer.lan', '--allowed-host', 'proxy.example:8443'], {
    env: { CONTROL_ROOM_ALLOWED_HOSTS: 'studio.local, 10.1.2.3' },
  });
  port = Number(new URL(server.url).port);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await workspace?.cleanup();
});

/** One request with exactly the headers given (the Host included) and the request target as written. */
function raw(method: string, target: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path: target, headers, setHost: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const MANUSCRIPT = /Hester|Canon Index|baseUrl|apiKey|"path":"Story/;

describe('control-room serve: Host', () => {
  it('answers 421 to other names, other ports and look-alikes, and shows nothing', async () => {
    const hostile = [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.nip.example:${port}`,
      `localhost.:${port}`,
      `127.0.0.1:${port + 1}`,
      `writer.lan.evil.example:${port}`,
      `studio.local.evil.example`,
      'proxy.example',
      `proxy.example:${port}`,
      `[::1]:${port + 2}`,
      `0.0.0.0:${port}`,
    ];
    for (const host of hostile) {
      for (const target of ['/api/vfs/file?path=Canon.md', '/api/vfs/tree', '/api/settings/models', '/api/traces/export', '/']) {
        const answer = await raw('GET', target, { host });
        expect(answer.status, `${host} ${target}`).toBe(421);
        expect(answer.text).toContain('host_not_allowed');
        expect(answer.text).not.toMatch(MANUSCRIPT);
      }
      const change = await raw('PATCH', '/api/agents/editor', { host, 'content-type': 'application/json' }, '{"muted":true}');
      expect(change.status, host).toBe(421);
    }
  });

  it('refuses an absolute request target naming another host, and a request with no Host', async () => {
    const absolute = await raw('GET', `http://evil.example:${port}/api/vfs/tree`, { host: `127.0.0.1:${port}` });
    expect(absolute.status).toBe(421);
    expect(absolute.text).not.toMatch(MANUSCRIPT);
    const noHost = await raw('GET', '/api/vfs/tree', {});
    expect(noHost.status).toBeGreaterThanOrEqual(400);
    expect(noHost.text).not.toMatch(MANUSCRIPT);
  });

  it('serves its own names: loopback with its port, --allowed-host and CONTROL_ROOM_ALLOWED_HOSTS', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'writer.lan', `writer.lan:${port}`, 'proxy.example:8443', `studio.local:${port}`, `10.1.2.3:${port}`]) {
      const answer = await raw('GET', '/api/vfs/tree', { host });
      expect(answer.status, host).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('control-room serve: state changes', () => {
  const host = () => `127.0.0.1:${port}`;

  it('refuses other origins and non-JSON bodies, and takes JSON from its own origin', async () => {
    const attempts: Array<[Record<string, string>, string | undefined, number]> = [
      [{ origin: 'http://evil.example', 'content-type': 'application/json' }, '{"muted":true}', 403],
      [{ origin: `http://127.0.0.1:${port + 1}`, 'content-type': 'application/json' }, '{"muted":true}', 403],
      [{ origin: 'null', 'content-type': 'application/json' }, '{"muted":true}', 403],
      [{ 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }, '{"muted":true}', 403],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'muted=true', 415],
      [{ 'content-type': 'text/plain' }, '{"muted":true}', 415],
      [{}, undefined, 415],
    ];
    for (const [headers, body, status] of attempts) {
      const answer = await raw('PATCH', '/api/agents/editor', { host: host(), ...headers }, body);
      expect(answer.status, JSON.stringify(headers)).toBe(status);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    const agents = JSON.parse((await raw('GET', '/api/agents', { host: host() })).text) as { agents: Array<{ id: string; muted: boolean }> };
    expect(agents.agents.find((agent) => agent.id === 'editor')?.muted).toBe(false);

    const own = await raw('PATCH', '/api/agents/editor', { host: host(), origin: `http://${host()}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, '{"muted":true}');
    expect(own.status).toBe(200);
    const bodiless = await raw('POST', '/api/runs/no-such-run/cancel', { host: host(), 'content-type': 'application/json', 'content-length': '0' });
    expect(bodiless.status).toBe(404);
  });
});
