import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../adapters/loopback-model-server/index.js';
import { discoverModelServers } from '../../adapters/model-servers/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
const servers: LoopbackModelServer[] = [];
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

interface Listing {
  servers: Array<{ baseUrl: string; kind: string; name: string; reachable: boolean; configured: boolean; models: Array<{ id: string; contextTokens: number | null; defaultContextTokens?: number }> }>;
}

describe('GET /api/models', () => {
  it('lists the servers found on the usual ports and the configured one, each with its models and context sizes', async () => {
    const lmstudio = await startLoopbackModelServer([], { models: ['qwen3-8b', 'gemma-3-4b'], emulate: { kind: 'lmstudio', contextLength: 32768, loadedContextLength: 8192 } });
    const ollama = await startLoopbackModelServer([], { models: ['llama3.2:3b'], emulate: { kind: 'ollama', contextLength: 131072, numCtx: 4096 } });
    const silent = await startLoopbackModelServer([]);
    servers.push(lmstudio, ollama, silent);
    await silent.close();
    const seen: string[][] = [];
    fixture = await openRouteFixture({
      discoverServers: (options) => {
        seen.push((options.configured ?? []).map((entry) => entry.baseUrl));
        return discoverModelServers({ ...options, candidates: [lmstudio.baseUrl, ollama.baseUrl, silent.baseUrl] });
      },
    });
    const response = await fixture.send('GET', '/api/models');
    expect(response.status).toBe(200);
    const listing = (await response.json()) as Listing;
    expect(seen[0]).toContain('http://127.0.0.1:1234/v1');
    const byUrl = new Map(listing.servers.map((server) => [server.baseUrl, server]));
    expect(byUrl.get(lmstudio.baseUrl)).toMatchObject({ kind: 'lmstudio', name: 'LM Studio', reachable: true, configured: false, models: [{ id: 'qwen3-8b', contextTokens: 8192 }, { id: 'gemma-3-4b', contextTokens: 8192 }] });
    expect(byUrl.get(ollama.baseUrl)).toMatchObject({ kind: 'ollama', name: 'Ollama', reachable: true, models: [{ id: 'llama3.2:3b', contextTokens: 131072, defaultContextTokens: 4096 }] });
    expect(byUrl.get(silent.baseUrl)).toMatchObject({ reachable: false, models: [] });
    expect(listing.servers[0]).toMatchObject({ configured: true });
  });
});
