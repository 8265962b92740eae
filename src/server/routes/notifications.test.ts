import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../protocol/index.js';
import type { TaskOutcome } from '../../protocol/tasks.js';
import type { RunRecord } from '../../protocol/runs.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

interface Listed {
  notifications: Notification[];
  waiting: number;
}

async function listed(query = ''): Promise<Listed> {
  const response = await fixture!.send('GET', `/api/notifications${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Listed;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('notifications over HTTP', () => {
  it('raises a clarification when a turn fails after its retries, and settles it when the next turn answers', async () => {
    fixture = await openRouteFixture({ script: [{ status: 400, message: 'model not loaded' }, { content: 'The harbour, at dawn.' }] });
    expect(await listed()).toEqual({ notifications: [], waiting: 0 });
    const failed = await fixture.send('POST', '/api/ai/chat', { message: 'Where does chapter two open?', sessionId: 'harbour-talk', skipTools: true });
    expect(((await failed.json()) as { notice: { kind: string } }).notice.kind).toBe('failure');
    const [raised] = (await listed()).notifications;
    expect(raised).toMatchObject({ kind: 'clarification', key: 'conversation:harbour-talk', link: { screen: 'chat', id: 'harbour-talk' }, dismissed_at: null });
    expect(raised!.detail).toMatch(/model/i);
    const answered = await fixture.send('POST', '/api/ai/chat', { message: 'Where does chapter two open?', sessionId: 'harbour-talk', skipTools: true });
    expect(((await answered.json()) as { notice: unknown }).notice).toBeNull();
    expect((await listed()).waiting).toBe(0);
    expect((await listed('?all=true')).notifications.map((entry) => entry.id)).toEqual([raised!.id]);
  });

  it('raises a change waiting for its confirmation and settles it once answered; a finished run is raised too', async () => {
    fixture = await openRouteFixture();
    const asked = (await (await fixture.send('POST', '/api/canon/index', {})).json()) as TaskOutcome;
    expect(asked.status).toBe('awaiting_confirmation');
    const waiting = (await listed()).notifications;
    expect(waiting).toEqual([expect.objectContaining({ kind: 'confirmation', key: `confirmation:${asked.confirmationId}`, link: { screen: 'changes', id: asked.taskId } })]);
    expect(waiting[0]!.title).toMatch(/level-3 change/);
    expect((await fixture.send('POST', `/api/confirmations/${asked.confirmationId}`, { accept: false })).status).toBe(200);
    expect((await listed()).waiting).toBe(0);

    const started = (await (await fixture.send('POST', '/api/runs', { recipe: 'continuity-pass' })).json()) as { run: RunRecord };
    await fixture.send('POST', `/api/runs/${started.run.id}/cancel`);
    const raised = await until(listed, (value) => value.notifications.some((entry) => entry.kind === 'run_finished'));
    expect(raised.notifications[0]).toMatchObject({ kind: 'run_finished', key: `run:${started.run.id}`, link: { screen: 'runs', id: started.run.id } });
    expect(raised.notifications[0]!.title).toMatch(/cancelled|finished/);
  }, 30_000);

  it('dismisses one or all, answers 404 for an unknown id and 400 for a malformed one', async () => {
    fixture = await openRouteFixture();
    for (const key of ['run:a', 'run:b', 'run:c']) await fixture.room.notifications.notify({ kind: 'run_finished', key, title: `Run ${key} finished` });
    const [newest] = (await listed()).notifications;
    expect(newest!.key).toBe('run:c');
    const dismissed = await fixture.send('POST', `/api/notifications/${newest!.id}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect(((await dismissed.json()) as { notification: Notification }).notification.dismissed_at).not.toBeNull();
    expect((await listed()).waiting).toBe(2);
    const unknown = await fixture.send('POST', '/api/notifications/ntf_00000000-0000-7000-8000-000000000000/dismiss');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'notification_not_found' } });
    expect((await fixture.send('POST', '/api/notifications/..%2F..%2Fetc/dismiss')).status).toBe(400);
    expect((await fixture.send('GET', '/api/notifications?all=yes')).status).toBe(400);
    expect(await (await fixture.send('POST', '/api/notifications/dismiss-all')).json()).toEqual({ dismissed: 2 });
    expect((await listed('?all=true')).notifications).toHaveLength(3);
  });
});
