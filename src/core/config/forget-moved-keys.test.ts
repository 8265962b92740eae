import { describe, expect, it } from 'vitest';
import type { AgentEndpointsFile } from '../../protocol/index.js';
import { forgetMovedKeys } from './forget-moved-keys.js';

const file = (baseUrl: string, apiKey: string | null, agents: AgentEndpointsFile['agents'] = {}): AgentEndpointsFile => ({
  schema_version: 1,
  default: { baseUrl, model: 'm', apiKey, profile: 'envelope', stream: false },
  agents,
});
const none = { default: false, agents: new Set<string>() };

describe('forgetMovedKeys', () => {
  it('forgets the default key when its server moves to another origin, and keeps it on the same origin', () => {
    const before = file('http://127.0.0.1:1234/v1', 'k');
    for (const moved of ['http://127.0.0.1:4321/v1', 'https://127.0.0.1:1234/v1', 'http://evil.example:1234/v1', 'http://localhost:1234/v1']) {
      const { file: after, forgotten } = forgetMovedKeys(before, file(moved, 'k'), none);
      expect(after.default.apiKey, moved).toBeNull();
      expect(forgotten).toEqual([{ holder: 'default', from: 'http://127.0.0.1:1234', to: new URL(moved).origin }]);
    }
    expect(forgetMovedKeys(before, file('http://127.0.0.1:1234/v2', 'k'), none).file.default.apiKey).toBe('k');
    // A key entered with the move is the new server's own.
    expect(forgetMovedKeys(before, file('http://10.0.0.9/v1', 'new'), { default: true, agents: new Set() }).file.default.apiKey).toBe('new');
  });

  it('forgets an agent’s own key when the agent (or the default it follows) moves', () => {
    const before = file('http://127.0.0.1:1234/v1', null, { editor: { apiKey: 'e' }, continuity: { baseUrl: 'http://10.0.0.2/v1', apiKey: 'c' } });
    const after = file('http://127.0.0.1:5555/v1', null, { editor: { apiKey: 'e', model: 'x' }, continuity: { baseUrl: 'http://10.0.0.3/v1', apiKey: 'c' } });
    const { file: result, forgotten } = forgetMovedKeys(before, after, none);
    expect(result.agents).toEqual({ editor: { model: 'x' }, continuity: { baseUrl: 'http://10.0.0.3/v1' } });
    expect(forgotten.map((key) => key.holder)).toEqual(['editor', 'continuity']);
    expect(forgetMovedKeys(before, after, { default: false, agents: new Set(['editor', 'continuity']) }).forgotten).toEqual([]);
    // The input is left as it was.
    expect(after.agents['editor']).toEqual({ apiKey: 'e', model: 'x' });
  });
});
