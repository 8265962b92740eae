import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, Plan } from '../../protocol/tasks.js';
import { openTaskBench, type TaskBench } from '../../adapters/json-task-store/index.js';
import type { ScriptedReply } from '../../adapters/scripted-model/index.js';
import { confirmTask, executeTask, undoTask } from './index.js';
import { taskFileChanges } from './task-file-changes.js';

const SCENE = 'Story/Scenes/SCN-03-the-drowned-bell.md';
let base: string;
let bench: TaskBench;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-changes-'));
  bench = await openTaskBench(path.join(base, 'novel'));
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const plan = (summary: string): Plan => ({ summary, risks: [], actor_hints: [], batch: [] });
const planReply = (value: Plan): ScriptedReply => ({ toolCalls: [{ name: 'emit_plan', arguments: value as unknown as Record<string, unknown> }] });
const batchReply = (batch: Envelope[]): ScriptedReply => ({ toolCalls: [{ name: 'emit_batch', arguments: { batch } }] });
const read = (file: string): Promise<string> => fs.readFile(path.join(bench.root, file), 'utf8');

async function run(batch: Envelope[]) {
  bench.planner.push(planReply(plan('Change the scene')));
  bench.actor.push(batchReply(batch));
  return executeTask('Change the scene', bench.deps);
}

describe('taskFileChanges', () => {
  it('shows an applied patch from its undo journal, and as changed since when the file moved on', async () => {
    const original = await read(SCENE);
    const line = original.split('\n').find((text) => text.trim().length > 30)!;
    const outcome = await run([{ op: 'file.patch', params: { path: SCENE, find: line, replace: `${line} The bell did not ring.` } }]);
    expect(outcome.status).toBe('applied');
    const task = (await bench.store.getTask(outcome.taskId))!;
    const [applied] = await taskFileChanges(task, bench.deps);
    expect(applied).toMatchObject({ op: 'file.patch', path: SCENE, state: 'applied', before: original, binary: false, problem: null });
    expect(applied!.after).toContain('The bell did not ring.');

    await fs.appendFile(path.join(bench.root, SCENE), '\nA later edit by hand.\n');
    const [moved] = await taskFileChanges(task, bench.deps);
    expect(moved).toMatchObject({ state: 'changed_since', before: original });
    expect(moved!.after).toContain('The bell did not ring.');
    expect(moved!.after).not.toContain('A later edit by hand.');
  });

  it('previews a pending deletion and a write over the files as they are now, in batch order', async () => {
    const doomed = 'Story/Scenes/SCN-08-letters.md';
    const before = await read(doomed);
    const outcome = await run([
      { op: 'file.write', params: { path: 'Story/Scenes/SCN-09-new.md', content: 'A new scene.\n' } },
      { op: 'file.delete', params: { path: doomed } },
    ]);
    expect(outcome).toMatchObject({ status: 'awaiting_confirmation', level: 4 });
    const task = (await bench.store.getTask(outcome.taskId))!;
    const changes = await taskFileChanges(task, bench.deps);
    expect(changes.map((change) => [change.op, change.path, change.state, change.before, change.after])).toEqual([
      ['file.write', 'Story/Scenes/SCN-09-new.md', 'pending', null, 'A new scene.\n'],
      ['file.delete', doomed, 'pending', before, null],
    ]);
    const first = await confirmTask(outcome.confirmationId!, bench.deps, { channel: 'ui' });
    await confirmTask(outcome.confirmationId!, bench.deps, { channel: 'ui', stepToken: first.confirmation!.stepToken! });
    const done = await taskFileChanges((await bench.store.getTask(outcome.taskId))!, bench.deps);
    expect(done.map((change) => change.state)).toEqual(['applied', 'applied']);
    await undoTask(outcome.taskId, bench.deps);
    const undone = await taskFileChanges((await bench.store.getTask(outcome.taskId))!, bench.deps);
    expect(undone.map((change) => [change.state, change.before === null])).toEqual([
      ['undone', true],
      ['undone', false],
    ]);
  });
});
