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
