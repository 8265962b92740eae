import { describe, expect, it } from 'vitest';
import { discoveryPath, readDiscovery } from './discovered-servers.js';

describe('discovery', () => {
  it('finds the discovery route in the API document, never the settings route or a templated path', () => {
    const paths = (...names: string[]) => ({ paths: Object.fromEntries(names.map((name) => [name, { get: {} }])) });
    expect(discoveryPath(paths('/api/settings/models', '/api/models'))).toBe('/api/models');
    expect(discoveryPath(paths('/api/health', '/api/models/discover', '/api/models/{id}'))).toBe('/api/models/discover');
    expect(discoveryPath(paths('/api/settings/models', '/api/health'))).toBeNull();
    expect(discoveryPath(null)).toBeNull();
  });

  it('reads servers and models from answers of different shapes, dropping what it cannot use', () => {
    expect(
      readDiscovery({
        servers: [
          { name: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', reachable: true, models: [{ id: 'qwen3-8b', contextLength: 32768 }, 'gemma-3'] },
          { kind: 'ollama', base_url: 'http://127.0.0.1:11434/v1', ok: false, models: [] },
          { name: 'no url' },
        ],
      }),
    ).toEqual([
      { name: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', reachable: true, models: [{ id: 'qwen3-8b', contextLength: 32768 }, { id: 'gemma-3', contextLength: null }] },
      { name: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', reachable: false, models: [] },
    ]);
    expect(readDiscovery([{ url: 'http://127.0.0.1:8080/v1', models: [{ name: 'llama', n_ctx: 4096 }] }])).toEqual([
      { name: 'http://127.0.0.1:8080/v1', baseUrl: 'http://127.0.0.1:8080/v1', reachable: true, models: [{ id: 'llama', contextLength: 4096 }] },
    ]);
    expect(readDiscovery('nonsense')).toEqual([]);
  });
});
