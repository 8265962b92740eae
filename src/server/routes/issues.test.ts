import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../protocol/index.js';
import type { TaskRecord } from '../../protocol/tasks.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture;
let created: Issue[];
beforeAll(async () => {
  fixture = await openRouteFixture();
  created = [];
  for (const [title, status] of [['First', 'open'], ['Second', 'closed'], ['Third', 'open']] as const) {
    created.push(await fixture.room.issues.create({ title, status }));
    // Distinct creation times, so "newest first" is decided by time, not by id.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
});
afterAll(async () => {
  await fixture.close();
});

const titles = async (url: string): Promise<string[]> => ((await (await fixture.send('GET', url)).json()) as { issues: Issue[] }).issues.map((issue) => issue.title);

describe('GET /api/issues', () => {
  it('lists issues newest first, filtered by status', async () => {
    expect(await titles('/api/issues')).toEqual(['Third', 'Second', 'First']);
    expect(await titles('/api/issues?status=all')).toEqual(['Third', 'Second', 'First']);
    expect(await titles('/api/issues?status=open')).toEqual(['Third', 'First']);
    expect(await titles('/api/issues?status=closed')).toEqual(['Second']);
  });

  it('refuses an unknown status', async () => {
    const response = await fixture.send('GET', '/api/issues?status=pending');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });
});

describe('GET /api/issues/{id}', () => {
  it('answers the issue with its (here: no) linked receipts', async () => {
    const response = await fixture.send('GET', `/api/issues/${created[0]!.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ issue: created[0], headline: 'First', finding: null, receipts: [] });
  });

  it('answers 404 for an unknown issue and 400 for ids that name paths', async () => {
    const missing = await fixture.send('GET', '/api/issues/ISS-999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'issue_not_found' } });
    for (const url of ['/api/issues/..%2F..%2Fissues.json', '/api/issues/.control-room', '/api/issues/%2Fetc%2Fpasswd', '/api/issues/ISS-1.json']) {
      const response = await fixture.send('GET', url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
  });
});

describe('POST /api/issues/{id}/intentional', () => {
  it('closes the issue through the issue.close command: a signed receipt and an undo that reopens it', async () => {
    const own = await openRouteFixture();
    try {
      const quote = 'It was the ninth day since she came back.';
      const issue = await own.room.issues.create({
        title: 'Day marker mismatch at Story/Scenes/SCN-04-the-logbook.md#L12',
        body: `The prose says Day 9.\n\nWhere: Story/Scenes/SCN-04-the-logbook.md#L12\nQuote: ${quote}\nFinding: fp_0123456789abcdef`,
        tags: ['continuity', 'day_marker_mismatch'],
      });
      const marked = await own.send('POST', `/api/issues/${issue.id}/intentional`, { note: 'on purpose' });
      expect(marked.status).toBe(200);
      // What the web app shows: the issue closed and tagged, so "Marked intentional" is drawn.
      expect(await marked.json()).toMatchObject({ issue: { id: issue.id, status: 'closed', tags: ['continuity', 'day_marker_mismatch', 'intentional'] } });

      const { tasks } = (await (await own.send('GET', '/api/tasks')).json()) as { tasks: TaskRecord[] };
      const close = tasks.find((task) => task.batch.some((envelope) => envelope.op === 'issue.close' && envelope.params.id === issue.id));
      expect(close).toMatchObject({ status: 'applied', level: 2, undo_available: true, results: [{ op: 'issue.close', status: 'applied' }] });
      expect(close!.results[0]!.receipt_id).toMatch(/^rcpt_/);

      // Marking again changes nothing and runs no second command.
      expect((await own.send('POST', `/api/issues/${issue.id}/intentional`)).status).toBe(200);
      const again = (await (await own.send('GET', '/api/tasks')).json()) as { tasks: TaskRecord[] };
      expect(again.tasks).toHaveLength(tasks.length);

      expect((await own.send('POST', `/api/tasks/${close!.task_id}/undo`)).status).toBe(200);
      expect(await own.room.issues.get(issue.id)).toMatchObject({ status: 'open', tags: ['continuity', 'day_marker_mismatch', 'intentional'] });
    } finally {
      await own.close();
    }
  });
});
