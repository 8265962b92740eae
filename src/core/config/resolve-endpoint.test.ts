import { describe, expect, it } from 'vitest';
import { defaultAgentEndpointsFile } from '../agents/index.js';
import { resolveEndpoint } from './resolve-endpoint.js';

describe('resolveEndpoint', () => {
  const file = { ...defaultAgentEndpointsFile(), agents: { continuity: { model: 'another-model', profile: 'cascade' as const } } };

  it('uses the file default, then the environment, then the agent entry', () => {
    expect(resolveEndpoint(file, 'editor', {})).toMatchObject({ baseUrl: 'http://127.0.0.1:1234/v1', model: 'local-model', source: 'file' });
    const fromEnv = resolveEndpoint(file, 'editor', { CONTROL_ROOM_LLM_BASE_URL: 'http://127.0.0.1:11434/v1', CONTROL_ROOM_LLM_MODEL: 'qwen' });
    expect(fromEnv).toMatchObject({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen', source: 'environment' });
    const agent = resolveEndpoint(file, 'continuity', { CONTROL_ROOM_LLM_MODEL: 'qwen', CONTROL_ROOM_FALLBACK_MODEL: 'backup' });
    expect(agent).toMatchObject({ model: 'another-model', profile: 'cascade', fallbackModel: 'backup', source: 'agent' });
  });
});

describe('agent overrides loaded from the file', () => {
  it('keep the default fields they do not name', async () => {
    const { AgentEndpointsFileSchema } = await import('../../protocol/index.js');
    const file = AgentEndpointsFileSchema.parse({
      schema_version: 1,
      default: { baseUrl: 'http://127.0.0.1:1234/v1', model: 'm', apiKey: 'k', profile: 'cascade', stream: true },
      agents: { continuity: { model: 'x' } },
    });
    expect(resolveEndpoint(file, 'continuity', {})).toMatchObject({ model: 'x', apiKey: 'k', profile: 'cascade', stream: true });
  });
});

describe('a key is sent only to the origin it belongs to', () => {
  const file = (defaultKey: string | null, agents: Record<string, Record<string, unknown>> = {}) => ({
    schema_version: 1 as const,
    default: { baseUrl: 'http://127.0.0.1:1234/v1', model: 'm', apiKey: defaultKey, profile: 'envelope' as const, stream: false },
    agents,
  });

  it('keeps the default key for any path on the same origin, and withholds it from any other origin', () => {
    expect(resolveEndpoint(file('k'), 'chief', {})).toMatchObject({ apiKey: 'k', apiKeyWithheld: false });
    expect(resolveEndpoint(file('k', { editor: { baseUrl: 'http://127.0.0.1:1234/other/v1' } }), 'editor', {})).toMatchObject({ apiKey: 'k' });
    for (const elsewhere of ['http://127.0.0.1:1235/v1', 'https://127.0.0.1:1234/v1', 'http://localhost:1234/v1', 'http://127.0.0.1.evil.example:1234/v1', 'http://evil.example/v1', 'http://k@evil.example/v1']) {
      expect(resolveEndpoint(file('k', { editor: { baseUrl: elsewhere } }), 'editor', {}), elsewhere).toMatchObject({ apiKey: null, apiKeyWithheld: true });
      expect(resolveEndpoint(file('k'), 'chief', { CONTROL_ROOM_LLM_BASE_URL: elsewhere }), elsewhere).toMatchObject({ apiKey: null, apiKeyWithheld: true });
    }
    // Default ports are the same origin written either way.
    const https = { ...file('k'), default: { ...file('k').default, baseUrl: 'https://api.example.test/v1' } };
    expect(resolveEndpoint({ ...https, agents: { editor: { baseUrl: 'https://API.example.test:443/v2' } } }, 'editor', {})).toMatchObject({ apiKey: 'k' });
  });

  it('binds an agent’s own key to the agent’s server, and the environment’s key to the server it came with', () => {
    expect(resolveEndpoint(file(null, { editor: { baseUrl: 'http://10.0.0.2:8000/v1', apiKey: 'own' } }), 'editor', {})).toMatchObject({ apiKey: 'own' });
    expect(resolveEndpoint(file(null, { editor: { apiKey: 'own' } }), 'editor', {})).toMatchObject({ apiKey: 'own' });
    expect(resolveEndpoint(file(null), 'chief', { CONTROL_ROOM_LLM_API_KEY: 'env', CONTROL_ROOM_LLM_BASE_URL: 'http://10.0.0.3:9000/v1' })).toMatchObject({ apiKey: 'env' });
    // Fixed when the workspace opened: a later change of the file's base URL leaves the key behind.
    const opened = 'http://127.0.0.1:1234';
    const moved = { ...file(null), default: { ...file(null).default, baseUrl: 'http://127.0.0.1:9999/v1' } };
    expect(resolveEndpoint(moved, 'chief', { CONTROL_ROOM_LLM_API_KEY: 'env' }, { environmentKeyOrigin: opened })).toMatchObject({ apiKey: null, apiKeyWithheld: true });
    expect(resolveEndpoint(file(null), 'chief', { CONTROL_ROOM_LLM_API_KEY: 'env' }, { environmentKeyOrigin: opened })).toMatchObject({ apiKey: 'env' });
  });

  it('never sends a key to a base URL that is not http(s)', () => {
    const odd = { ...file('k'), default: { ...file('k').default, baseUrl: 'file:///etc/passwd' } };
    expect(resolveEndpoint(odd, 'chief', {})).toMatchObject({ apiKey: null, apiKeyWithheld: true });
  });
});
