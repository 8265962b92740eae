import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { steppingClock } from '../../core/testing/index.js';
import { JsonCreditsStore } from './json-credits-store.js';

let root: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-credits-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('JsonCreditsStore', () => {
  it('starts empty, applies changes atomically and serialises concurrent writers', async () => {
    const store = new JsonCreditsStore(root, { clock: steppingClock() });
    expect(await store.read()).toEqual({ schema_version: 1, agents: {}, updatedAt: null });
    await Promise.all(Array.from({ length: 10 }, (_, index) => new JsonCreditsStore(root).apply([{ agentId: 'editor', outcome: index % 5 === 0 ? 'rejected' : 'accepted' }])));
    const file = JSON.parse(await fs.readFile(path.join(root, '.control-room/credits/credits.json'), 'utf8'));
    expect(file.agents.editor).toMatchObject({ balance: 6, accepted: 8, rejected: 2 });
    expect(await fs.readdir(path.join(root, '.control-room/credits'))).toEqual(['credits.json']);
  });

  it('writes nothing for no changes and never overwrites a damaged file', async () => {
    const store = new JsonCreditsStore(root);
    await store.apply([]);
    await expect(fs.stat(store.filePath)).rejects.toMatchObject({ code: 'ENOENT' });
    await fs.mkdir(path.dirname(store.filePath), { recursive: true });
    await fs.writeFile(store.filePath, '[]');
    await expect(store.apply([{ agentId: 'a', outcome: 'accepted' }])).rejects.toMatchObject({ code: 'credits_corrupt' });
    expect(await fs.readFile(store.filePath, 'utf8')).toBe('[]');
  });
});
