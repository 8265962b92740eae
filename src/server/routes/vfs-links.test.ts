import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANON_INDEX_STORAGE_PATH } from '../../protocol/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

const KEY = 'sk-live-51HqLyjWDarjtT1zdp7dcXr9vQ2';

let fixture: RouteFixture;
beforeAll(async () => {
  fixture = await openRouteFixture();
});
afterAll(async () => {
  await fixture.close();
});

describe('GET /api/vfs/file never serves app data through a link', () => {
  it('refuses Canon.md when the canon index is a symbolic or hard link to agent-endpoints.json, and never shows the key', async () => {
    const endpoints = path.join(fixture.dir, '.control-room/agents/agent-endpoints.json');
    await fs.writeFile(endpoints, JSON.stringify({ schema_version: 1, default: { baseUrl: 'https://models.example.test/v1', model: 'm', apiKey: KEY }, agents: {} }));
    const canon = path.join(fixture.dir, CANON_INDEX_STORAGE_PATH);
    for (const [makeLink, code] of [
      [() => fs.symlink(endpoints, canon), 'file_not_regular'],
      [() => fs.symlink('../agents/agent-endpoints.json', canon), 'file_not_regular'],
      [() => fs.link(endpoints, canon), 'file_hard_linked'],
    ] as const) {
      await fs.rm(canon, { force: true });
      await makeLink();
      for (const target of ['/api/vfs/file?path=Canon.md', '/api/vfs/file?path=Canon.md&start=1&end=3', '/api/vfs/file?path=./Canon.md']) {
        const response = await fixture.send('GET', target);
        const text = await response.text();
        expect(text, target).not.toContain(KEY);
        expect(text).not.toContain('models.example.test');
        if (response.status !== 400) expect({ status: response.status, code: (JSON.parse(text) as { error: { code: string } }).error.code }).toEqual({ status: 403, code });
      }
      expect(JSON.stringify(await (await fixture.send('GET', '/api/vfs/tree')).json())).not.toContain(KEY);
    }
  });
});
