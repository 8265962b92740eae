import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CanonIndexStatus } from '../../protocol/canon.js';
import type { Envelope, TaskOutcome } from '../../protocol/tasks.js';
import type { ScriptedReply } from '../../adapters/scripted-model/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

const DOOMED = 'Story/Scenes/SCN-12-the-glass.md';
const SCENE = 'Story/Scenes/SCN-11-the-weights.md';
const CANON_INDEX = '.control-room/canon/canon-index.md';
const CANON_META = '.control-room/canon/canon-meta.json';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const planReply = (summary: string): ScriptedReply => ({ toolCalls: [{ name: 'emit_plan', arguments: { summary, batch: [] } }] });
const batchReply = (batch: Envelope[]): ScriptedReply => ({ toolCalls: [{ name: 'emit_batch', arguments: { batch } }] });

async function open(...tasks: Envelope[][]): Promise<RouteFixture> {
  fixture = await openRouteFixture({ script: tasks.flatMap((batch, index) => [planReply(`Task ${index + 1}`), batchReply(batch)]) });
  return fixture;
}

async function call<T = TaskOutcome>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }> {
  const response = await fixture!.send(method, url, body, headers);
  return { status: response.status, body: (await response.json()) as T };
}

const exists = (file: string) => fs.stat(path.join(fixture!.dir, file)).then(() => true, () => false);
const readOrNull = (file: string) => fs.readFile(path.join(fixture!.dir, file), 'utf8').catch(() => null);

async function pendingDeletion(): Promise<TaskOutcome> {
  const pending = await call('POST', '/api/ai/task/execute', { goal: 'Cut the last scene' });
  expect(pending).toMatchObject({ status: 200, body: { status: 'awaiting_confirmation', level: 4, confirmation: { required: 2, received: 0, stepToken: null } } });
  return pending.body;
}

describe('POST /api/confirmations/{id}: two confirmations are two separate acts', () => {
  it('concurrent identical first confirmations count once, all answer the same token, and only the token confirms', async () => {
    await open([{ op: 'file.delete', params: { path: DOOMED } }]);
    const { confirmationId } = await pendingDeletion();
    const firsts = await Promise.all(Array.from({ length: 4 }, () => call('POST', `/api/confirmations/${confirmationId}`, { accept: true })));
    for (const first of firsts) expect(first).toMatchObject({ status: 200, body: { status: 'awaiting_confirmation', confirmation: { received: 1, required: 2 } } });
    const token = firsts[0]!.body.confirmation!.stepToken!;
    expect(firsts.map((first) => first.body.confirmation!.stepToken)).toEqual([token, token, token, token]);
    expect(firsts.filter((first) => first.body.replayed)).toHaveLength(3);
    expect(await exists(DOOMED)).toBe(true);
    // Neither the list nor the task record gives the token away.
    const listed = await fixture!.send('GET', '/api/confirmations?status=all');
    expect(await listed.text()).not.toContain(token);
    const task = await fixture!.send('GET', `/api/tasks/${firsts[0]!.body.taskId}`);
    expect(await task.text()).not.toContain(token);
    // A double click sent later is still the first step.
    expect((await call('POST', `/api/confirmations/${confirmationId}`, { accept: true })).body).toMatchObject({ status: 'awaiting_confirmation', replayed: true });
    const wrong = await call<{ error: { code: string } }>('POST', `/api/confirmations/${confirmationId}`, { accept: true, stepToken: `${token}x` });
    expect(wrong).toMatchObject({ status: 409, body: { error: { code: 'step_token_invalid' } } });
    expect(await exists(DOOMED)).toBe(true);
    const seconds = await Promise.all(Array.from({ length: 3 }, () => call('POST', `/api/confirmations/${confirmationId}`, { accept: true, stepToken: token })));
    expect(seconds.map((second) => [second.status, second.body.status])).toEqual([[200, 'applied'], [200, 'applied'], [200, 'applied']]);
    expect(seconds.filter((second) => !second.body.replayed).map((second) => second.body.receipts.length)).toEqual([1]);
    expect(await exists(DOOMED)).toBe(false);
    const closed = await call<{ error: { code: string } }>('POST', `/api/confirmations/${confirmationId}`, { accept: true });
    expect(closed).toMatchObject({ status: 409, body: { error: { code: 'confirmation_closed' } } });
  });

  it('an Idempotency-Key replays its answer, and the same key for another answer is a conflict', async () => {
    await open([{ op: 'file.delete', params: { path: DOOMED } }]);
    const { confirmationId } = await pendingDeletion();
    const url = `/api/confirmations/${confirmationId}`;
    const first = await call('POST', url, { accept: true }, { 'idempotency-key': 'click-a' });
    const token = first.body.confirmation!.stepToken!;
    expect((await call('POST', url, { accept: true }, { 'idempotency-key': 'click-a' })).body).toMatchObject({ replayed: true, confirmation: { received: 1, stepToken: token } });
    expect((await call('POST', url, { accept: true, requestId: 'click-a' })).body).toMatchObject({ replayed: true });
    expect(await call('POST', url, { accept: true, stepToken: token }, { 'idempotency-key': 'click-a' })).toMatchObject({ status: 409, body: { error: { code: 'confirmation_request_conflict' } } });
    expect(await call('POST', url, { accept: true, requestId: 'click-b' }, { 'idempotency-key': 'click-c' })).toMatchObject({ status: 400 });
    expect(await call('POST', url, { accept: true, stepToken: 'stp_' }, {})).toMatchObject({ status: 409 });
    expect(await call('POST', url, { accept: 'yes' })).toMatchObject({ status: 400 });
    const applied = await call('POST', url, { accept: true, stepToken: token }, { 'idempotency-key': 'click-b' });
    expect(applied.body.status).toBe('applied');
    expect((await call('POST', url, { accept: true, stepToken: token }, { 'idempotency-key': 'click-b' })).body).toMatchObject({ status: 'applied', replayed: true, receipts: [] });
  });
});

describe('idempotency keys after an undo, over HTTP', () => {
  it('re-sending a key whose task was undone answers undone and writes nothing', async () => {
    const rewrite: Envelope = { op: 'file.write', params: { path: SCENE, content: 'A shorter scene.\n' }, idempotencyKey: 'shorten-11' };
    await open([rewrite], [rewrite]);
    const original = await fs.readFile(path.join(fixture!.dir, SCENE), 'utf8');
    const applied = await call('POST', '/api/ai/task/execute', { goal: 'Shorten scene 11' });
    expect(applied.body.status).toBe('applied');
    expect((await call('POST', `/api/tasks/${applied.body.taskId}/undo`, {})).body).toMatchObject({ status: 'undone' });
    const again = await call('POST', '/api/ai/task/execute', { goal: 'Shorten scene 11' });
    expect(again.body).toMatchObject({ status: 'undone', receipts: [], results: [{ status: 'undone', receipt_id: applied.body.receipts[0] }] });
    expect(await fs.readFile(path.join(fixture!.dir, SCENE), 'utf8')).toBe(original);
  });
});

describe('POST /api/canon/index asks for the same confirmation as the task', () => {
  async function status(): Promise<CanonIndexStatus> {
    for (;;) {
      const value = (await call<CanonIndexStatus>('GET', '/api/canon/index/status')).body;
      if (value.state !== 'running') return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('builds nothing until its level-3 confirmation, exactly as canon.rebuild does in a task', async () => {
    await open([{ op: 'canon.rebuild', params: {} }]);
    const metaBefore = await readOrNull(CANON_META);
    const indexBefore = await readOrNull(CANON_INDEX);
    const byTask = await call('POST', '/api/ai/task/execute', { goal: 'Rebuild the canon' });
    expect(byTask.body).toMatchObject({ status: 'awaiting_confirmation', level: 3 });
    const asked = await call('POST', '/api/canon/index', {});
    expect(asked).toMatchObject({ status: 202, body: { status: 'awaiting_confirmation', level: byTask.body.level, confirmation: { required: 1, received: 0 } } });
    const again = await call('POST', '/api/canon/index', {});
    expect(again.body).toMatchObject({ confirmationId: asked.body.confirmationId, replayed: true });
    const other = await call('POST', '/api/canon/index', { mode: 'deterministic' });
    expect(other.body.confirmationId).not.toBe(asked.body.confirmationId);
    expect(await readOrNull(CANON_META)).toBe(metaBefore);
    expect(await readOrNull(CANON_INDEX)).toBe(indexBefore);
    expect((await status()).startedAt).toBeNull();
    const listed = await call<{ confirmations: Array<{ confirmation_id: string; auth_level: number }> }>('GET', '/api/confirmations');
    expect(listed.body.confirmations.map((entry) => entry.confirmation_id)).toEqual(expect.arrayContaining([asked.body.confirmationId, other.body.confirmationId]));
    const refused = await call('POST', `/api/confirmations/${other.body.confirmationId}`, { accept: false });
    expect(refused.body.status).toBe('refused');
    const confirmed = await call('POST', `/api/confirmations/${asked.body.confirmationId}`, { accept: true });
    expect(confirmed.body).toMatchObject({ status: 'applied', results: [{ op: 'canon.rebuild', status: 'applied' }] });
    expect(confirmed.body.receipts).toHaveLength(1);
    expect(await status()).toMatchObject({ state: 'done', mode: 'deterministic', startedAt: expect.any(String) });
    expect(await readOrNull(CANON_META)).not.toBe(metaBefore);
    expect(await fs.readFile(path.join(fixture!.dir, CANON_INDEX), 'utf8')).toContain('- Hester Vane — eyes: grey');
  });

  it('refuses a bad body before any confirmation is opened', async () => {
    await open();
    for (const body of [{ mode: 'guess' }, { mode: 'auto', confirm: true }, '{not json']) {
      expect((await call('POST', '/api/canon/index', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call<{ confirmations: unknown[] }>('GET', '/api/confirmations')).body.confirmations).toEqual([]);
  });
});
