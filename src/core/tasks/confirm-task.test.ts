import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Envelope, Plan, TaskOutcome } from '../../protocol/tasks.js';
import { openTaskBench, type TaskBench } from '../../adapters/json-task-store/index.js';
import type { ScriptedReply } from '../../adapters/scripted-model/index.js';
import { answerTaskConfirmation, confirmTask, executeTask, refuseTask, runCommand, undoTask } from './index.js';

const SCENES = ['Story/Scenes/SCN-12-the-glass.md', 'Story/Scenes/SCN-11-the-weights.md', 'Story/Scenes/SCN-10-the-tin-box.md'];

let base: string;
let bench: TaskBench;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-confirm-'));
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const plan = (summary: string): Plan => ({ summary, risks: [], actor_hints: [], batch: [] });
const planReply = (value: Plan): ScriptedReply => ({ toolCalls: [{ name: 'emit_plan', arguments: value as unknown as Record<string, unknown> }] });
const batchReply = (batch: Envelope[]): ScriptedReply => ({ toolCalls: [{ name: 'emit_batch', arguments: { batch } }] });

async function existing(index: number): Promise<string> {
  const scenes = (await fs.readdir(path.join(bench.root, 'Story/Scenes'))).sort();
  return `Story/Scenes/${scenes[scenes.length - 1 - index]!}`;
}

/** A bench whose actor deletes `count` scenes (L4), each under its own key. */
async function pendingDeletion(count = 1): Promise<{ pending: TaskOutcome; doomed: string[] }> {
  bench = await openTaskBench(path.join(base, 'novel'));
  const doomed = await Promise.all(Array.from({ length: count }, (_, index) => existing(index)));
  bench.planner.push(planReply(plan(`Cut ${count} scene(s)`)));
  bench.actor.push(batchReply(doomed.map((file, index) => ({ op: 'file.delete', params: { path: file }, idempotencyKey: `cut-${index}-${file}` }))));
  const pending = await executeTask('Cut the last scenes', bench.deps);
  expect(pending).toMatchObject({ status: 'awaiting_confirmation', level: 4, confirmation: { required: 2, received: 0, stepToken: null } });
  return { pending, doomed };
}

async function present(file: string): Promise<boolean> {
  return fs.stat(path.join(bench.root, file)).then(() => true, () => false);
}

describe('L4 confirmations are two separate acts', () => {
  for (const copies of [2, 3, 5]) {
    it(`${copies} concurrent identical first confirmations count once and all answer the same step token`, async () => {
      const { pending, doomed } = await pendingDeletion(copies === 5 ? 2 : 1);
      const answers = await Promise.all(Array.from({ length: copies }, () => confirmTask(pending.confirmationId!, bench.deps, { channel: 'ui' })));
      for (const answer of answers) expect(answer).toMatchObject({ status: 'awaiting_confirmation', confirmation: { received: 1, required: 2 } });
      const tokens = new Set(answers.map((answer) => answer.confirmation!.stepToken));
      expect(tokens.size).toBe(1);
      expect([...tokens][0]).toMatch(/^stp_[A-Za-z0-9_-]{16,}$/);
      expect(answers.filter((answer) => answer.replayed).length).toBe(copies - 1);
      for (const file of doomed) expect(await present(file), file).toBe(true);
      const stored = await bench.store.getConfirmation(pending.confirmationId!);
      expect(stored?.records.map((record) => record.step)).toEqual([1]);
      expect(await bench.auditLog.list(pending.taskId)).toEqual([]);
    });
  }

  it('retries with new request ids are still the first step; only the token makes the second', async () => {
    const { pending, doomed } = await pendingDeletion();
    const id = pending.confirmationId!;
    const first = await answerTaskConfirmation(id, { accept: true, requestId: 'click-1' }, bench.deps);
    for (const requestId of ['click-2', 'click-3', null]) {
      const again = await answerTaskConfirmation(id, { accept: true, requestId }, bench.deps);
      expect(again).toMatchObject({ status: 'awaiting_confirmation', replayed: true, confirmation: { received: 1, stepToken: first.confirmation!.stepToken } });
    }
    expect(await present(doomed[0]!)).toBe(true);
    const applied = await answerTaskConfirmation(id, { accept: true, requestId: 'click-4', stepToken: first.confirmation!.stepToken }, bench.deps);
    expect(applied.status).toBe('applied');
    expect(await present(doomed[0]!)).toBe(false);
  });

  it('a wrong, foreign or early token records nothing and the request stays open', async () => {
    const { pending } = await pendingDeletion();
    const id = pending.confirmationId!;
    await expect(confirmTask(id, bench.deps, { stepToken: 'stp_guessed' })).rejects.toMatchObject({ code: 'step_token_invalid' });
    const first = await confirmTask(id, bench.deps);
    const token = first.confirmation!.stepToken!;
    for (const stepToken of [`${token}A`, token.slice(1), 'stp_AAAAAAAAAAAAAAAAAAAAAA', token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase()]) {
      await expect(confirmTask(id, bench.deps, { stepToken }), stepToken).rejects.toMatchObject({ code: 'step_token_invalid' });
    }
    expect((await bench.store.getConfirmation(id))?.records).toHaveLength(1);
    expect((await confirmTask(id, bench.deps, { stepToken: token })).status).toBe('applied');
  });

  it('concurrent identical second confirmations apply the chain once; the rest replay the real state', async () => {
    const { pending, doomed } = await pendingDeletion(2);
    const first = await confirmTask(pending.confirmationId!, bench.deps);
    const stepToken = first.confirmation!.stepToken;
    const answers = await Promise.all(Array.from({ length: 4 }, () => confirmTask(pending.confirmationId!, bench.deps, { stepToken })));
    expect(answers.map((answer) => answer.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const fresh = answers.filter((answer) => !answer.replayed);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.receipts).toHaveLength(2);
    for (const replay of answers.filter((answer) => answer.replayed)) expect(replay.receipts).toEqual([]);
    expect(await bench.auditLog.list(pending.taskId)).toHaveLength(2);
    for (const file of doomed) expect(await present(file)).toBe(false);
    // After an undo, replaying the spent token reports the real state and writes nothing.
    await undoTask(pending.taskId, bench.deps);
    const replay = await confirmTask(pending.confirmationId!, bench.deps, { stepToken });
    expect(replay).toMatchObject({ status: 'undone', replayed: true, receipts: [] });
    for (const file of doomed) expect(await present(file)).toBe(true);
    await expect(confirmTask(pending.confirmationId!, bench.deps)).rejects.toMatchObject({ code: 'confirmation_closed' });
  });

  it('a refusal needs no token and wins over a late second confirmation', async () => {
    const { pending, doomed } = await pendingDeletion();
    const first = await confirmTask(pending.confirmationId!, bench.deps);
    expect((await refuseTask(pending.confirmationId!, bench.deps)).status).toBe('refused');
    await expect(confirmTask(pending.confirmationId!, bench.deps, { stepToken: first.confirmation!.stepToken })).rejects.toMatchObject({ code: 'confirmation_closed' });
    expect(await present(doomed[0]!)).toBe(true);
  });

  it('an L3 confirmation sent three times at once applies once; the copies replay it', async () => {
    let rebuilds = 0;
    bench = await openTaskBench(path.join(base, 'novel'), { rebuildCanon: async () => ({ build: ++rebuilds }) });
    const pending = await runCommand([{ op: 'canon.rebuild', params: {} }], bench.deps, { summary: 'Rebuild the canon index' });
    const answers = await Promise.all(Array.from({ length: 3 }, () => confirmTask(pending.confirmationId!, bench.deps)));
    expect(answers.map((answer) => answer.status)).toEqual(['applied', 'applied', 'applied']);
    expect(answers.filter((answer) => answer.replayed).map((answer) => answer.receipts)).toEqual([[], []]);
    expect(rebuilds).toBe(1);
    await expect(refuseTask(pending.confirmationId!, bench.deps)).rejects.toMatchObject({ code: 'confirmation_closed' });
  });
});

describe('idempotency keys after an undo', () => {
  it('re-sending the keys of an undone task answers undone and writes nothing', async () => {
    bench = await openTaskBench(path.join(base, 'novel'));
    const scene = SCENES[0]!;
    const original = await fs.readFile(path.join(bench.root, scene), 'utf8');
    const envelopes: Envelope[] = [
      { op: 'file.write', params: { path: scene, content: 'Rewritten.\n' }, idempotencyKey: 'rewrite-12' },
      { op: 'issue.create', params: { title: 'Scene 12 rewritten', body: 'See the task.' }, idempotencyKey: 'note-12' },
    ];
    bench.planner.push(planReply(plan('Rewrite')), planReply(plan('Rewrite')));
    bench.actor.push(batchReply(envelopes), batchReply(envelopes));
    const applied = await executeTask('Rewrite scene 12', bench.deps);
    expect(applied.status).toBe('applied');
    await undoTask(applied.taskId, bench.deps);
    expect(await fs.readFile(path.join(bench.root, scene), 'utf8')).toBe(original);
    const before = await bench.snapshot();
    const resent = await executeTask('Rewrite scene 12', bench.deps);
    expect(resent.status).toBe('undone');
    expect(resent.results).toEqual([
      expect.objectContaining({ status: 'undone', receipt_id: applied.receipts[0], result: { duplicate_of: applied.taskId, state: 'undone' } }),
      expect.objectContaining({ status: 'undone', receipt_id: applied.receipts[1], result: { duplicate_of: applied.taskId, state: 'undone' } }),
    ]);
    expect(resent.receipts).toEqual([]);
    expect(await bench.snapshot()).toEqual(before);
    expect(await fs.readFile(path.join(bench.root, scene), 'utf8')).toBe(original);
    expect((await bench.store.getTask(resent.taskId))?.status).toBe('undone');
  });

  it('a batch mixing an undone key with a new operation applies the new one and reports the undone one as it is', async () => {
    bench = await openTaskBench(path.join(base, 'novel'));
    const note: Envelope = { op: 'issue.create', params: { title: 'Pace', body: 'Scene 12 drags.' }, idempotencyKey: 'note-pace' };
    const rewrite: Envelope = { op: 'file.write', params: { path: SCENES[1]!, content: 'Shorter.\n' }, idempotencyKey: 'rewrite-11' };
    bench.planner.push(planReply(plan('Rewrite')), planReply(plan('Rewrite and note')));
    bench.actor.push(batchReply([rewrite]), batchReply([rewrite, note]));
    const applied = await executeTask('Rewrite scene 11', bench.deps);
    await undoTask(applied.taskId, bench.deps);
    const mixed = await executeTask('Rewrite scene 11 and note the pace', bench.deps);
    expect(mixed.status).toBe('applied');
    expect(mixed.results.map((result) => result.status)).toEqual(['undone', 'applied']);
    expect(await fs.readFile(path.join(bench.root, SCENES[1]!), 'utf8')).not.toBe('Shorter.\n');
  });

  it('keys whose change still stands stay duplicates of an applied task', async () => {
    bench = await openTaskBench(path.join(base, 'novel'));
    const rewrite: Envelope = { op: 'file.write', params: { path: SCENES[2]!, content: 'Low water, kept.\n' }, idempotencyKey: 'rewrite-10' };
    bench.planner.push(planReply(plan('Rewrite')), planReply(plan('Rewrite')));
    bench.actor.push(batchReply([rewrite]), batchReply([rewrite]));
    await executeTask('Rewrite scene 10', bench.deps);
    const again = await executeTask('Rewrite scene 10', bench.deps);
    expect(again).toMatchObject({ status: 'applied', results: [expect.objectContaining({ status: 'duplicate', result: expect.objectContaining({ state: 'applied' }) })] });
  });
});
