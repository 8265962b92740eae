import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConferenceRecord } from '../../protocol/index.js';
import { JsonConferenceStore } from './json-conference-store.js';

let root: string;
let store: JsonConferenceStore;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-conferences-'));
  store = new JsonConferenceStore(root);
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const record = (id: string, createdAt = '2025-01-01T00:00:00.000Z'): ConferenceRecord => ({
  schema_version: 1, id, attendees: ['chief', 'editor'], muted: [], rounds: 0, createdAt, updatedAt: createdAt,
});

describe('JsonConferenceStore', () => {
  it('writes one file per conference and reads it back', async () => {
    await store.create(record('conf-a'));
    const file = path.join(root, '.control-room/conferences/conf-a.json');
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual(record('conf-a'));
    expect(await store.get('conf-a')).toEqual(record('conf-a'));
    expect(await store.get('conf-b')).toBeNull();
    expect(await store.get('../../etc/passwd')).toBeNull();
  });

  it('refuses a second create and an update of an unknown conference', async () => {
    await store.create(record('conf-a'));
    await expect(store.create(record('conf-a'))).rejects.toMatchObject({ code: 'conference_exists' });
    await expect(store.update(record('conf-b'))).rejects.toMatchObject({ code: 'conference_not_found' });
    await expect(store.create({ ...record('conf-c'), id: 'a/b' })).rejects.toMatchObject({ code: 'conference_invalid' });
  });

  it('lists newest first and leaves no temporary files after many concurrent updates', async () => {
    await store.create(record('conf-old', '2025-01-01T00:00:00.000Z'));
    await store.create(record('conf-new', '2025-02-01T00:00:00.000Z'));
    await Promise.all(Array.from({ length: 20 }, (_, index) => new JsonConferenceStore(root).update({ ...record('conf-old'), rounds: index + 1 })));
    expect((await store.list()).map((entry) => entry.id)).toEqual(['conf-new', 'conf-old']);
    expect((await store.get('conf-old'))!.rounds).toBe(20);
    expect((await fs.readdir(path.join(root, '.control-room/conferences'))).sort()).toEqual(['conf-new.json', 'conf-old.json']);
  });

  it('reports a damaged or newer file and leaves it untouched', async () => {
    const file = path.join(root, '.control-room/conferences/conf-x.json');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, '{ not json');
    await expect(store.get('conf-x')).rejects.toMatchObject({ code: 'conference_corrupt' });
    await expect(store.update(record('conf-x'))).rejects.toMatchObject({ code: 'conference_corrupt' });
    expect(await fs.readFile(file, 'utf8')).toBe('{ not json');
    await fs.writeFile(file, JSON.stringify({ ...record('conf-x'), schema_version: 9 }));
    await expect(store.get('conf-x')).rejects.toThrow(/newer Control Room/);
  });
});
