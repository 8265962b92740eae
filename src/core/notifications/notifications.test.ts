import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_KEPT, type NotificationsFile } from '../../protocol/index.js';
import { steppingClock } from '../testing/index.js';
import { Notifications, quietly } from './notifications.js';
import type { NotificationStore } from './notification-store.js';

class MemoryStore implements NotificationStore {
  file: NotificationsFile | null = null;
  saves = 0;
  async load() {
    return this.file;
  }
  async save(file: NotificationsFile) {
    this.saves += 1;
    this.file = structuredClone(file);
  }
}

function counterIds() {
  let next = 0;
  return { uuidv7: () => `00000000-0000-7000-8000-${String((next += 1)).padStart(12, '0')}`, nonce: () => 'n' } as never;
}

function open(store = new MemoryStore()) {
  return { store, notes: new Notifications(store, steppingClock(), counterIds()) };
}

describe('Notifications', () => {
  it('lists what waits newest first, and a dismissed one only when asked', async () => {
    const { notes } = open();
    const first = await notes.notify({ kind: 'run_finished', key: 'run:r1', title: 'Continuity pass finished', detail: '3 issues filed', link: { screen: 'runs', id: 'r1' } });
    await notes.notify({ kind: 'confirmation', key: 'confirmation:c1', title: 'A change waits for you' });
    expect((await notes.list()).map((entry) => entry.key)).toEqual(['confirmation:c1', 'run:r1']);
    const dismissed = await notes.dismiss(first.id);
    expect(dismissed.dismissed_at).not.toBeNull();
    expect((await notes.list()).map((entry) => entry.key)).toEqual(['confirmation:c1']);
    expect((await notes.list({ includeDismissed: true })).map((entry) => entry.key)).toEqual(['confirmation:c1', 'run:r1']);
  });

  it('replaces a notification raised again under its key, and settles a key once it is answered', async () => {
    const { notes, store } = open();
    await notes.notify({ kind: 'clarification', key: 'conversation:s1', title: 'First failure' });
    await notes.notify({ kind: 'clarification', key: 'conversation:s1', title: 'Second failure' });
    expect((await notes.list()).map((entry) => entry.title)).toEqual(['Second failure']);
    await notes.notify({ kind: 'confirmation', key: 'confirmation:c9', title: 'Confirm' });
    await notes.settle('confirmation:c9');
    const saves = store.saves;
    await notes.settle('confirmation:unknown');
    await notes.settle('confirmation:c9');
    expect(store.saves).toBe(saves);
    expect((await notes.list()).map((entry) => entry.key)).toEqual(['conversation:s1']);
  });

  it('refuses an unknown id, dismisses everything at once, and writes nothing when nothing changes', async () => {
    const { notes, store } = open();
    await expect(notes.dismiss('ntf_00000000-0000-7000-8000-000000000099')).rejects.toMatchObject({ code: 'notification_not_found' });
    expect(store.saves).toBe(0);
    for (const key of ['a', 'b', 'c']) await notes.notify({ kind: 'import_finished', key, title: key });
    expect(await notes.dismissAll()).toBe(3);
    expect(await notes.dismissAll()).toBe(0);
    expect(await notes.list()).toEqual([]);
  });

  it('keeps a bounded list: dismissed ones leave first, then the oldest', async () => {
    const { notes, store } = open();
    const kept = await notes.notify({ kind: 'confirmation', key: 'keep', title: 'waiting' });
    const gone = await notes.notify({ kind: 'run_finished', key: 'gone', title: 'seen' });
    await notes.dismiss(gone.id);
    await Promise.all(Array.from({ length: NOTIFICATIONS_KEPT }, (_, index) => notes.notify({ kind: 'run_finished', key: `run:${index}`, title: `run ${index}` })));
    const ids = store.file!.notifications.map((entry) => entry.id);
    expect(ids).toHaveLength(NOTIFICATIONS_KEPT);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(kept.id);
  });

  it('cuts long text and never lets a failure to notify fail the caller', async () => {
    const { notes } = open();
    const long = await notes.notify({ kind: 'run_finished', key: 'k', title: 'x'.repeat(1000), detail: 'y'.repeat(5000) });
    expect(long.title.length).toBeLessThanOrEqual(300);
    expect(long.detail.length).toBeLessThanOrEqual(2000);
    const broken = new Notifications({ load: async () => null, save: async () => Promise.reject(new Error('disk full')) }, steppingClock(), counterIds());
    const heard: unknown[] = [];
    await expect(quietly(broken, { kind: 'run_finished', key: 'k', title: 't' }, (error) => heard.push(error))).resolves.toBeUndefined();
    expect(heard).toHaveLength(1);
  });
});
