/**
 * Binding beyond loopback (issue 6 security): refused without --allow-remote; with it, every API
 * request needs the bearer token (from CONTROL_ROOM_TOKEN, or generated and printed).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type EarlyExit, type ServerProcess } from '../../src/server/testing/server-process.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

let workspace: { dir: string; cleanup: () => Promise<void> } | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await workspace?.cleanup();
  workspace = undefined;
});

/** The same port on loopback (the server listens on every interface). */
const local = (url: string) => url.replace(/\/\/[^:/]+:/, '//127.0.0.1:');

describe('control-room serve --host', () => {
  it('refuses a non-loopback host without --allow-remote, saying why', async () => {
    workspace = await sampleWorkspace('cr-e2e-remote-');
    const failure = (await startServerProcess(['serve', '--workspace', workspace.dir, '--host', '0.0.0.0', '--port', '0', '--demo']).then(
      () => null,
      (error: EarlyExit) => error,
    )) as EarlyExit | null;
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('Refusing to listen on 0.0.0.0');
    expect(failure?.stderr).toContain('--allow-remote');
  });

  it('with --allow-remote, requires CONTROL_ROOM_TOKEN as a bearer token on every API request', async () => {
    workspace = await sampleWorkspace('cr-e2e-remote-');
    const token = 'e2e-remote-token-0123456789abcdef';
    server = await startServerProcess(['serve', '--workspace', workspace.dir, '--host', '0.0.0.0', '--allow-remote', '--port', '0', '--demo'], { env: { CONTROL_ROOM_TOKEN: token } });
    expect(server.stdout()).toContain('Authorization: Bearer <CONTROL_ROOM_TOKEN>');
    expect(server.stdout()).not.toContain(token);
    const url = local(server.url);
    expect((await fetch(`${url}/api/health`)).status).toBe(401);
    expect((await fetch(`${url}/api/health`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const allowed = await fetch(`${url}/api/health`, { headers: { authorization: `Bearer ${token}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ mode: 'demo' });
  });

  it('generates and prints a token when none is set', async () => {
    workspace = await sampleWorkspace('cr-e2e-remote-');
    server = await startServerProcess(['serve', '--workspace', workspace.dir, '--host', '0.0.0.0', '--allow-remote', '--port', '0', '--demo'], { env: { CONTROL_ROOM_TOKEN: '' } });
    const printed = /Authorization: Bearer (\S+)/.exec(server.stdout())?.[1] ?? '';
    expect(printed).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const url = local(server.url);
    expect((await fetch(`${url}/api/agents`)).status).toBe(401);
    expect((await fetch(`${url}/api/agents`, { headers: { authorization: `Bearer ${printed}` } })).status).toBe(200);
  });
});
