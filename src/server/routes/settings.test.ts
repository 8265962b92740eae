import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

interface Settings {
  agents: Array<{ agentId: string; baseUrl: string; model: string; profile: string; stream: boolean; source: string; reachable: boolean }>;
  fallbackModel: string | null;
}

const endpointsFile = (dir: string) => path.join(dir, '.control-room/agents/agent-endpoints.json');

describe('GET /api/settings/models', () => {
  it('shows every agent’s endpoint and whether its server answers, probing each server once', async () => {
    const probed: string[] = [];
    fixture = await openRouteFixture({
      probe: async (baseUrl) => {
        probed.push(baseUrl);
        return baseUrl.includes('1234');
      },
    });
    const response = await fixture.send('GET', '/api/settings/models');
    expect(response.status).toBe(200);
    const settings = (await response.json()) as Settings;
    expect(settings.fallbackModel).toBeNull();
    expect(settings.agents.map((agent) => agent.agentId)).toEqual(['chief', 'editor', 'continuity', 'line-editor', 'story-architect']);
    expect(settings.agents[0]).toEqual({ agentId: 'chief', baseUrl: 'http://127.0.0.1:1234/v1', model: 'local-model', profile: 'envelope', stream: false, source: 'file', reachable: true, keyState: 'none' });
    expect(probed).toEqual(['http://127.0.0.1:1234/v1']);
  });
});

describe('PUT /api/settings/models', () => {
  it('changes the default and one agent’s endpoint, writes the file and applies it at once — never echoing the key', async () => {
    fixture = await openRouteFixture();
    const response = await fixture.send('PUT', '/api/settings/models', {
      default: { model: 'qwen2.5-7b-instruct', apiKey: 'sk-test-not-a-real-key-123456' },
      agents: { continuity: { model: 'another-model', profile: 'cascade' } },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('sk-test-not-a-real-key');
    const settings = JSON.parse(text) as Settings;
    expect(settings.agents.find((agent) => agent.agentId === 'editor')).toMatchObject({ model: 'qwen2.5-7b-instruct', source: 'file', profile: 'envelope' });
    expect(settings.agents.find((agent) => agent.agentId === 'continuity')).toMatchObject({ model: 'another-model', source: 'agent', profile: 'cascade' });
    const written = JSON.parse(await fs.readFile(endpointsFile(fixture.dir), 'utf8')) as { default: Record<string, unknown>; agents: Record<string, unknown> };
    expect(written.default).toMatchObject({ model: 'qwen2.5-7b-instruct', apiKey: 'sk-test-not-a-real-key-123456', baseUrl: 'http://127.0.0.1:1234/v1' });
    // Only the fields given: an override never resets the default's other fields.
    expect(written.agents).toEqual({ continuity: { model: 'another-model', profile: 'cascade' } });
    expect(fixture.room.endpointFor('editor').model).toBe('qwen2.5-7b-instruct');
    const cleared = (await (await fixture.send('PUT', '/api/settings/models', { agents: { continuity: null } })).json()) as Settings;
    expect(cleared.agents.find((agent) => agent.agentId === 'continuity')).toMatchObject({ model: 'qwen2.5-7b-instruct', source: 'file' });
  });

  it('forgets a stored key when the base URL moves to another origin, so not even this request’s probe carries it', async () => {
    const probed: Array<[string, string | null]> = [];
    fixture = await openRouteFixture({ probe: async (baseUrl, apiKey) => (probed.push([baseUrl, apiKey]), true) });
    const key = 'sk-ant-api03-KeyForTheOldServer-77aa';
    expect((await fixture.send('PUT', '/api/settings/models', { default: { apiKey: key } })).status).toBe(200);
    expect(probed.at(-1)).toEqual(['http://127.0.0.1:1234/v1', key]);
    probed.length = 0;
    const moved = await fixture.send('PUT', '/api/settings/models', { default: { baseUrl: 'http://attacker.example:8080/v1' } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ forgottenKeys: ['default'] });
    expect(probed).toEqual([['http://attacker.example:8080/v1', null]]);
    expect(await fs.readFile(endpointsFile(fixture.dir), 'utf8')).not.toContain(key);
    expect(fixture.room.endpointFor('chief').apiKey).toBeNull();
    // Coming back does not bring it back: the key was forgotten, not hidden.
    await fixture.send('PUT', '/api/settings/models', { default: { baseUrl: 'http://127.0.0.1:1234/v1' } });
    expect(probed.every(([, apiKey]) => apiKey === null)).toBe(true);
  });

  it('refuses unknown agents (404) and bad endpoints (400), writing nothing', async () => {
    fixture = await openRouteFixture();
    const before = await fs.readFile(endpointsFile(fixture.dir), 'utf8');
    const unknown = await fixture.send('PUT', '/api/settings/models', { agents: { nobody: { model: 'x' } } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'agent_not_found' } });
    for (const body of [{ default: { baseUrl: 'not a url' } }, { default: { model: '' } }, { default: { profile: 'magic' } }, { default: { model: 'x', colour: 'red' } }, { agents: { 'Bad Id': {} } }, []]) {
      const response = await fixture.send('PUT', '/api/settings/models', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
    expect(await fs.readFile(endpointsFile(fixture.dir), 'utf8')).toBe(before);
  });
});
