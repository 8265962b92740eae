import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../../protocol/index.js';
import { loadAgents } from '../../adapters/fs-workspace/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture;
beforeEach(async () => {
  fixture = await openRouteFixture();
});
afterEach(async () => {
  await fixture.close();
});

describe('GET /api/agents', () => {
  it('lists the roster in order, the Chief first', async () => {
    const response = await fixture.send('GET', '/api/agents');
    expect(response.status).toBe(200);
    const { agents } = (await response.json()) as { agents: Agent[] };
    expect(agents.map((agent) => agent.id)).toEqual(['chief', 'editor', 'continuity', 'line-editor', 'story-architect']);
    expect(agents[2]).toMatchObject({ name: 'Continuity', role: 'Continuity Editor', muted: false, evidenceSources: ['Canon.md', 'Compendium/'] });
  });
});

describe('PATCH /api/agents/{id}', () => {
  it('mutes an agent: the answer, the running roster and agents.json all change', async () => {
    const response = await fixture.send('PATCH', '/api/agents/line-editor', { muted: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'line-editor', muted: true });
    expect(fixture.room.agents.find((agent) => agent.id === 'line-editor')?.muted).toBe(true);
    expect((await loadAgents(fixture.dir)).find((agent) => agent.id === 'line-editor')?.muted).toBe(true);
    const unmuted = await fixture.send('PATCH', '/api/agents/line-editor', { muted: false });
    expect(await unmuted.json()).toMatchObject({ muted: false });
    expect((await loadAgents(fixture.dir)).find((agent) => agent.id === 'line-editor')?.muted).toBe(false);
  });

  it('refuses to mute the Chief (409) and leaves agents.json alone', async () => {
    const before = await fs.readFile(path.join(fixture.dir, '.control-room/agents/agents.json'), 'utf8');
    const response = await fixture.send('PATCH', '/api/agents/chief', { muted: true });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: 'chief_not_mutable' } });
    expect(await fs.readFile(path.join(fixture.dir, '.control-room/agents/agents.json'), 'utf8')).toBe(before);
  });

  it('answers 404 for an unknown agent and 400 for bad bodies or ids', async () => {
    const unknown = await fixture.send('PATCH', '/api/agents/nobody', { muted: true });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'agent_not_found' } });
    for (const [url, body] of [
      ['/api/agents/editor', { muted: 'yes' }],
      ['/api/agents/editor', { muted: true, name: 'Renamed' }],
      ['/api/agents/..%2Fchief', { muted: true }],
      ['/api/agents/.control-room', { muted: true }],
      ['/api/agents/%2Fetc%2Fpasswd', { muted: true }],
    ] as const) {
      const response = await fixture.send('PATCH', url, body);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
  });
});
