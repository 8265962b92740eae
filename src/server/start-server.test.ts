import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initWorkspace } from '../adapters/fs-workspace/index.js';
import { isLoopbackHost, startControlRoomServer } from './start-server.js';

let base: string;
let dir: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-start-server-'));
  dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const options = { workspace: '', port: 0, host: '127.0.0.1', allowRemote: false, demo: true, env: {}, webRoot: null };

describe('startControlRoomServer', () => {
  it('listens on a free loopback port in demo mode and closes cleanly', async () => {
    const server = await startControlRoomServer({ ...options, workspace: dir });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(server).toMatchObject({ mode: 'demo', token: null });
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ ok: true, mode: 'demo', workspace: 'novel' });
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  it('refuses a non-loopback host without allowRemote, and a short token with it', async () => {
    await expect(startControlRoomServer({ ...options, workspace: dir, host: '0.0.0.0' })).rejects.toMatchObject({ code: 'usage_error', message: expect.stringContaining('--allow-remote') });
    await expect(startControlRoomServer({ ...options, workspace: dir, host: '0.0.0.0', allowRemote: true, env: { CONTROL_ROOM_TOKEN: 'short' } })).rejects.toMatchObject({ code: 'usage_error' });
  });

  it('says clearly when the port is taken', async () => {
    const first = await startControlRoomServer({ ...options, workspace: dir });
    try {
      await expect(startControlRoomServer({ ...options, workspace: dir, port: first.port })).rejects.toMatchObject({ code: 'usage_error', message: expect.stringContaining('already in use') });
    } finally {
      await first.close();
    }
  });
});

describe('isLoopbackHost', () => {
  it('knows the loopback names and addresses', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.1.2.3']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '192.168.1.10', '::', 'example.com']) expect(isLoopbackHost(host), host).toBe(false);
  });
});
