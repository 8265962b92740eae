import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../adapters/loopback-model-server/index.js';
import { runCli } from '../main.js';

let server: LoopbackModelServer | undefined;
let base: string | undefined;
afterEach(async () => {
  await server?.close();
  if (base) await fs.rm(base, { recursive: true, force: true });
  server = undefined;
  base = undefined;
});

async function models(dir: string, json: boolean): Promise<{ status: number; out: string }> {
  let out = '';
  const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (out += text), stdin: async () => '' };
  const status = await runCli(['node', 'control-room', 'models', '--workspace', dir, '--timeout', '800', ...(json ? ['--json'] : [])], io);
  return { status, out };
}

describe('control-room models', () => {
  it('lists the configured server with its kind, models and context size, beside the usual local ports', async () => {
    server = await startLoopbackModelServer([], { models: ['qwen2.5-coder-7b-instruct-q4_k_m.gguf'], emulate: { kind: 'llamacpp', contextLength: 8192 } });
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-models-'));
    const dir = path.join(base, 'novel');
    await initWorkspace(dir, { sample: true });
    const file = path.join(dir, '.control-room/agents/agent-endpoints.json');
    const endpoints = JSON.parse(await fs.readFile(file, 'utf8')) as { default: Record<string, unknown> };
    endpoints.default['baseUrl'] = server.baseUrl;
    await fs.writeFile(file, JSON.stringify(endpoints));
    const { status, out } = await models(dir, true);
    expect(status).toBe(0);
    const body = JSON.parse(out) as { configured: { baseUrl: string }; servers: Array<{ baseUrl: string; kind: string; configured: boolean; reachable: boolean; models: unknown[] }> };
    expect(body.configured.baseUrl).toBe(server.baseUrl);
    expect(body.servers[0]).toMatchObject({ baseUrl: server.baseUrl, kind: 'llamacpp', configured: true, reachable: true, models: [{ id: 'qwen2.5-coder-7b-instruct-q4_k_m.gguf', contextTokens: 8192 }] });
    const ports = body.servers.filter((entry) => !entry.configured).map((entry) => new URL(entry.baseUrl).port);
    expect(ports).toEqual(['1234', '11434', '8080', '8000', '1337', '5001'].filter((port) => port !== new URL(server!.baseUrl).port));
    const human = await models(dir, false);
    expect(human.out).toMatch(/llama\.cpp server — http:\/\/127\.0\.0\.1:\d+\/v1 \(configured\): 1 model/);
    expect(human.out).toContain('8,192 tokens');
  });
});
