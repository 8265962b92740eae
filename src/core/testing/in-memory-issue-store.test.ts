import { describe, expect, it } from 'vitest';
import { InMemoryIssueStore } from './in-memory-issue-store.js';
import { steppingClock } from './stepping-clock.js';

describe('InMemoryIssueStore', () => {
  it('creates ISS-<n> issues with defaults and times from its clock', async () => {
    const store = new InMemoryIssueStore({ clock: steppingClock('2025-01-01T00:00:00.000Z', 60_000) });
    const first = await store.create({ title: 'One' });
    const second = await store.create({ title: 'Two', priority: 'high' });
    expect([first.id, second.id]).toEqual(['ISS-1', 'ISS-2']);
    expect(second).toMatchObject({ status: 'open', priority: 'high', createdAt: '2025-01-01T00:01:00.000Z' });
    expect((await store.list()).map((issue) => issue.title)).toEqual(['One', 'Two']);
  });

  it('updates, and refuses unknown ids with issue_not_found', async () => {
    const store = new InMemoryIssueStore({ clock: steppingClock() });
    const issue = await store.create({ title: 'One' });
    const closed = await store.update(issue.id, { status: 'closed' });
    expect(closed).toMatchObject({ status: 'closed', updatedAt: '2025-01-01T00:00:01.000Z', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(await store.get(issue.id)).toEqual(closed);
    expect(await store.get('ISS-9')).toBeNull();
    await expect(store.update('ISS-9', { status: 'closed' })).rejects.toMatchObject({ code: 'issue_not_found' });
  });

  it('hands out copies, so callers cannot change stored issues', async () => {
    const store = new InMemoryIssueStore();
    const created = await store.create({ title: 'One', tags: ['a'] });
    created.tags.push('b');
    (await store.list())[0]?.tags.push('c');
    expect((await store.get(created.id))?.tags).toEqual(['a']);
  });

  it('starts from seeded issues and continues their numbering', async () => {
    const seeded = new InMemoryIssueStore({ clock: steppingClock() });
    await seeded.create({ title: 'One' });
    const store = new InMemoryIssueStore({ issues: await seeded.list() });
    expect((await store.create({ title: 'Two' })).id).toBe('ISS-2');
    expect(() => new InMemoryIssueStore({ issues: [{ id: 'bad' } as never] })).toThrow();
  });
});
