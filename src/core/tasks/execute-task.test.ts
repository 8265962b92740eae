import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EVENT_PAYLOAD_SCHEMAS, type ModelRequest } from '../../protocol/index.js';
import type { Envelope, Plan } from '../../protocol/tasks.js';
import { openTaskBench, type TaskBench, type TaskBenchOptions } from '../../adapters/json-task-store/index.js';
import type { ScriptedReply } from '../../adapters/scripted-model/index.js';
import { confirmTask, executeTask, refuseTask, undoTask } from './index.js';

const SCENE = 'Story/Scenes/SCN-01-the-lamp-room.md';
const DOOMED = 'Story/Scenes/SCN-12-the-glass.md';
const FIND = 'the Skerry Light was already awake';
const REPLACE = 'the Skerry Light had already woken';

let base: string;
let bench: TaskBench;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-tasks-'));
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function open(options: TaskBenchOptions = {}): Promise<TaskBench> {
  bench = await openTaskBench(path.join(base, 'novel'), options);
  return bench;
}

const plan = (summary: string, batch: Envelope[] = []): Plan => ({ summary, risks: [], actor_hints: [], batch });
const planReply = (value: unknown): ScriptedReply => ({ toolCalls: [{ name: 'emit_plan', arguments: value as Record<string, unknown> }] });
const batchReply = (batch: unknown[]): ScriptedReply => ({ toolCalls: [{ name: 'emit_batch', arguments: { batch } }] });

const patchScene: Envelope = { op: 'file.patch', params: { path: SCENE, find: FIND, replace: REPLACE }, idempotencyKey: 'patch-scn-01-light' };
const deleteScene: Envelope = { op: 'file.delete', params: { path: DOOMED }, idempotencyKey: 'delete-scn-12' };

async function read(file: string): Promise<string> {
  return fs.readFile(path.join(bench.root, file), 'utf8');
}

async function eventsOf(roundId: string) {
  const round = await bench.traces.getRound(roundId);
  expect(round).not.toBeNull();
  return round!;
}

describe('executeTask at level 2', () => {
  it('applies a patch at once, with a signed receipt, an undo journal and a traced chain gated at L2', async () => {
    await open({ planner: [planReply(plan('Reword the light in scene 1', [patchScene]))], actor: [batchReply([patchScene])] });
    const before = await read(SCENE);
    const outcome = await executeTask('Reword how the light wakes in scene 1', bench.deps);
    expect(outcome.status).toBe('applied');
    expect(outcome.level).toBe(2);
    expect(outcome.channels).toEqual({ planner: 'tool', actor: 'tool' });
    expect(outcome.results).toEqual([expect.objectContaining({ op: 'file.patch', status: 'applied', receipt_id: outcome.receipts[0] })]);
    expect(await read(SCENE)).toBe(before.replace(FIND, REPLACE));
    expect(outcome.undoAvailable).toBe(true);
    const receipts = await bench.auditLog.list(outcome.taskId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ receipt_id: outcome.receipts[0], task_id: outcome.taskId, tool_id: 'file.patch', status: 'ok', agent_id: 'actor' });
    expect((await bench.verifyAudit()).report).toMatchObject({ ok: true, receipts: 1 });
    const round = await eventsOf(outcome.traceRoundId);
    const route = round.events.find((event) => event.event_type === 'route.selected');
    expect(route?.payload).toMatchObject({ auth_level: 2, route_code: 'task.chain', task_id: outcome.taskId });
    const executed = round.events.filter((event) => event.event_type === 'command.executed');
    expect(executed.map((event) => event.payload['status'])).toEqual(['ok']);
    for (const event of round.events) {
      expect(EVENT_PAYLOAD_SCHEMAS[event.event_type].safeParse(event.payload).success, event.event_type).toBe(true);
    }
    expect(round.round.status).toBe('ok');
  });

  it('undo restores the previous bytes, leaves command.reversed in the trace and a receipt, and only once', async () => {
    await open({ planner: [planReply(plan('Reword the light'))], actor: [batchReply([patchScene])] });
    const before = await fs.readFile(path.join(bench.root, SCENE));
    const outcome = await executeTask('Reword the light in scene 1', bench.deps);
    expect(outcome.status).toBe('applied');
    const undone = await undoTask(undefined, bench.deps);
    expect(undone.taskId).toBe(outcome.taskId);
    expect(undone.reversed).toEqual([expect.objectContaining({ op: 'file.patch', path: SCENE })]);
    expect(Buffer.compare(await fs.readFile(path.join(bench.root, SCENE)), before)).toBe(0);
    const round = await eventsOf(undone.traceRoundId);
    const reversed = round.events.filter((event) => event.event_type === 'command.reversed');
    expect(reversed).toHaveLength(1);
    expect(EVENT_PAYLOAD_SCHEMAS['command.reversed'].safeParse(reversed[0]!.payload).success).toBe(true);
    expect((await bench.store.getTask(outcome.taskId))?.status).toBe('undone');
    expect((await bench.verifyAudit()).report).toMatchObject({ ok: true, receipts: 2 });
    await expect(undoTask(outcome.taskId, bench.deps)).rejects.toMatchObject({ code: 'undo_already_done' });
    await expect(undoTask(undefined, bench.deps)).rejects.toMatchObject({ code: 'undo_not_available' });
  });

  it('refuses to undo when the file changed after the task wrote it, and changes nothing', async () => {
    await open({ planner: [planReply(plan('Reword the light'))], actor: [batchReply([patchScene])] });
    const outcome = await executeTask('Reword the light in scene 1', bench.deps);
    await fs.appendFile(path.join(bench.root, SCENE), '\nThe writer added this by hand.\n');
    const edited = await read(SCENE);
    await expect(undoTask(outcome.taskId, bench.deps)).rejects.toMatchObject({ code: 'undo_conflict' });
    expect(await read(SCENE)).toBe(edited);
  });

  it('a created file is removed again by undo', async () => {
    const create: Envelope = { op: 'file.write', params: { path: 'Story/Scenes/SCN-13-epilogue.md', content: '# Epilogue\n\nThe light kept turning.\n' } };
    await open({ planner: [planReply(plan('Add an epilogue'))], actor: [batchReply([create])] });
    const outcome = await executeTask('Add an epilogue', bench.deps);
    expect(outcome.results[0]).toMatchObject({ status: 'applied', result: expect.objectContaining({ created: true }) });
    expect(await read('Story/Scenes/SCN-13-epilogue.md')).toContain('Epilogue');
    await undoTask(outcome.taskId, bench.deps);
    await expect(fs.stat(path.join(bench.root, 'Story/Scenes/SCN-13-epilogue.md'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('a chain gated at its highest level', () => {
  const mixed = [patchScene, { op: 'issue.create', params: { title: 'Scene 12 removed', body: 'Cut for pace.' } } as Envelope, deleteScene];

  it('waits for two separate confirmations at L4 and writes nothing before the second', async () => {
    await open({ planner: [planReply(plan('Cut scene 12 and reword scene 1'))], actor: [batchReply(mixed)] });
    const before = await bench.snapshot();
    const pending = await executeTask('Cut the last scene and reword the light', bench.deps);
    expect(pending).toMatchObject({ status: 'awaiting_confirmation', level: 4, confirmation: { required: 2, received: 0 } });
    expect(pending.confirmationId).toMatch(/^cfm_/);
    expect(pending.summary).toBe('Cut scene 12 and reword scene 1');
    expect(await bench.snapshot()).toEqual(before);
    expect(await bench.auditLog.list(pending.taskId)).toEqual([]);
    const first = await confirmTask(pending.confirmationId!, bench.deps);
    expect(first).toMatchObject({ status: 'awaiting_confirmation', confirmation: { received: 1, required: 2, stepToken: expect.stringMatching(/^stp_/) } });
    expect(first.confirmation?.prompt).toContain('2 of 2');
    expect(await bench.snapshot()).toEqual(before);
    // The same confirmation again is the first one repeated, not the second.
    const repeated = await confirmTask(pending.confirmationId!, bench.deps);
    expect(repeated).toMatchObject({ status: 'awaiting_confirmation', replayed: true, confirmation: { received: 1, stepToken: first.confirmation!.stepToken } });
    expect(await bench.snapshot()).toEqual(before);
    const second = await confirmTask(pending.confirmationId!, bench.deps, { stepToken: first.confirmation!.stepToken });
    expect(second.status).toBe('applied');
    expect(second.receipts).toHaveLength(3);
    expect(await read(SCENE)).toContain(REPLACE);
    await expect(fs.stat(path.join(bench.root, DOOMED))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await bench.issues.list()).map((issue) => issue.title)).toContain('Scene 12 removed');
    expect((await bench.verifyAudit()).report).toMatchObject({ ok: true, receipts: 3 });
    await expect(confirmTask(pending.confirmationId!, bench.deps)).rejects.toMatchObject({ code: 'confirmation_closed' });
    const requested = (await eventsOf(pending.traceRoundId)).events.find((event) => event.event_type === 'confirm.requested');
    expect(requested?.payload).toMatchObject({ auth_level: 4, confirmation_id: pending.confirmationId });
    const received = (await eventsOf(second.traceRoundId)).events.filter((event) => event.event_type === 'confirm.received');
    expect(received.map((event) => [event.payload['accepted'], event.payload['step']])).toEqual([[true, 2]]);
    // The confirmed chain can still be taken back: the deleted scene returns.
    await undoTask(second.taskId, bench.deps);
    const restored = await bench.snapshot();
    for (const [file, hash] of before) if (!file.startsWith('.control-room/issues')) expect(restored.get(file), file).toBe(hash);
    expect((await bench.issues.list()).find((issue) => issue.title === 'Scene 12 removed')?.status).toBe('closed');
  });

  it('a refusal leaves every file byte-identical and closes the request', async () => {
    await open({ planner: [planReply(plan('Cut scene 12'))], actor: [batchReply(mixed)] });
    const before = await bench.snapshot();
    const pending = await executeTask('Cut the last scene', bench.deps);
    await confirmTask(pending.confirmationId!, bench.deps);
    const refused = await refuseTask(pending.confirmationId!, bench.deps);
    expect(refused.status).toBe('refused');
    expect(refused.receipts).toEqual([]);
    expect(await bench.snapshot()).toEqual(before);
    expect(await bench.auditLog.list(pending.taskId)).toEqual([]);
    await expect(confirmTask(pending.confirmationId!, bench.deps)).rejects.toMatchObject({ code: 'confirmation_closed' });
    expect((await bench.store.getConfirmation(pending.confirmationId!))?.records.map((record) => record.response)).toEqual(['accept', 'refuse']);
  });

  it('an L3 canon rebuild waits for one confirmation, then runs the injected rebuild once', async () => {
    let rebuilds = 0;
    const rebuild: Envelope = { op: 'canon.rebuild', params: {} };
    await open({ planner: [planReply(plan('Rebuild the canon'))], actor: [batchReply([rebuild])], rebuildCanon: async () => ({ facts: ++rebuilds }) });
    const pending = await executeTask('Rebuild the canon index', bench.deps);
    expect(pending).toMatchObject({ status: 'awaiting_confirmation', level: 3, confirmation: { required: 1 } });
    expect(rebuilds).toBe(0);
    const applied = await confirmTask(pending.confirmationId!, bench.deps);
    expect(applied.status).toBe('applied');
    expect(rebuilds).toBe(1);
    expect(applied.results[0]).toMatchObject({ op: 'canon.rebuild', status: 'applied', result: { rebuilt: true, outcome: { facts: 1 } } });
  });

  it('checks the batch again when it is confirmed: a file changed meanwhile fails it with nothing applied', async () => {
    await open({ planner: [planReply(plan('Cut scene 12'))], actor: [batchReply(mixed)] });
    const pending = await executeTask('Cut the last scene', bench.deps);
    await fs.writeFile(path.join(bench.root, SCENE), 'Rewritten by hand.\n');
    const first = await confirmTask(pending.confirmationId!, bench.deps);
    const outcome = await confirmTask(pending.confirmationId!, bench.deps, { stepToken: first.confirmation!.stepToken });
    expect(outcome.status).toBe('failed');
    expect(outcome.issues[0]).toMatchObject({ code: 'patch_find_not_found', path: ['batch', 0, 'params', 'find'] });
    expect(outcome.results.every((result) => result.status === 'not_run')).toBe(true);
    expect(await read(DOOMED)).toBeTruthy();
  });
});

describe('idempotency keys', () => {
  it('a re-sent batch with the same keys changes nothing and signs nothing new', async () => {
    await open({
      planner: [planReply(plan('Reword the light')), planReply(plan('Reword the light'))],
      actor: [batchReply([patchScene]), batchReply([patchScene])],
    });
    const first = await executeTask('Reword the light in scene 1', bench.deps);
    expect(first.status).toBe('applied');
    const after = await bench.snapshot();
    const second = await executeTask('Reword the light in scene 1', bench.deps);
    expect(second.status).toBe('applied');
    expect(second.level).toBeNull();
    expect(second.results).toEqual([expect.objectContaining({ status: 'duplicate', receipt_id: first.receipts[0] })]);
    expect(second.receipts).toEqual([]);
    expect(await bench.snapshot()).toEqual(after);
    expect(await bench.auditLog.list(second.taskId)).toEqual([]);
    const round = await eventsOf(second.traceRoundId);
    expect(round.events.find((event) => event.event_type === 'route.selected')?.payload).toMatchObject({ route_code: 'task.noop' });
  });

  it('the same key with other params is refused as a conflict', async () => {
    const changed: Envelope = { ...patchScene, params: { path: SCENE, find: 'Owen Tresk', replace: 'Owen Trask' } };
    await open({
      planner: [planReply(plan('Reword the light')), planReply(plan('Rename Owen'))],
      actor: [batchReply([patchScene]), batchReply([changed]), batchReply([changed])],
    });
    await executeTask('Reword the light in scene 1', bench.deps);
    const second = await executeTask('Rename Owen', bench.deps);
    expect(second.status).toBe('invalid');
    expect(second.issues).toEqual([expect.objectContaining({ code: 'idempotency_key_conflict', path: ['batch', 0, 'idempotencyKey'] })]);
  });
});

describe('invalid model output', () => {
  it('refuses a batch with one bad envelope whole, after one structured retry listing the issues', async () => {
    const bad = [patchScene, { op: 'file.write', params: { path: 'Story/Scenes/SCN-14.md', text: 'no content key' } }, { op: 'file.nuke', params: {} }];
    await open({ planner: [planReply(plan('Two changes'))], actor: [batchReply(bad), batchReply(bad)] });
    const before = await bench.snapshot();
    const outcome = await executeTask('Make two changes', bench.deps);
    expect(outcome.status).toBe('invalid');
    expect(outcome.stopHook).toBe('task_output_invalid');
    const paths = outcome.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['batch.1.params', 'batch.1.params.content', 'batch.2.op']));
    expect(outcome.results).toEqual([]);
    expect(await bench.snapshot()).toEqual(before);
    expect(bench.actor.requests).toHaveLength(2);
    const retry = bench.actor.requests[1]!.messages.at(-1)!.content;
    expect(retry).toContain('refused as a whole');
    expect(retry).toContain('batch.1.params.content');
    expect(retry).toContain('batch.2.op');
    const round = await eventsOf(outcome.traceRoundId);
    expect(round.round.status).toBe('failed');
    expect(round.round.failure_code).toBe('task_output_invalid');
    const validators = round.events.filter((event) => event.event_type === 'validator.ran' && event.payload['validator_id'] === 'task_batch');
    expect(validators.map((event) => event.payload['status'])).toEqual(['retry', 'error']);
  });

  it('accepts the batch when the one retry fixes it', async () => {
    const fixed = [patchScene];
    await open({ planner: [planReply(plan('Reword'))], actor: [{ content: 'Sure! I will patch the scene now.' }, batchReply(fixed)] });
    const outcome = await executeTask('Reword the light', bench.deps);
    expect(outcome.status).toBe('applied');
    expect(bench.actor.requests[1]!.messages.at(-1)!.content).toContain('output_not_json');
  });

  it('reads a plan sent as the only fenced JSON block (json channel) and stops when the plan stays invalid', async () => {
    await open({
      planner: [{ content: '```json\n{"summary":"ok","batch":[],"extra":1}\n```' }, { content: '{"summary":"","batch":[]}' }],
    });
    const outcome = await executeTask('Do something', bench.deps);
    expect(outcome).toMatchObject({ status: 'invalid', stopHook: 'task_output_invalid', channels: { planner: 'json', actor: null } });
    expect(outcome.issues[0]).toMatchObject({ path: ['summary'] });
    expect(bench.actor.requests).toHaveLength(0);
    expect(bench.planner.requests[1]!.messages.at(-1)!.content).toContain('Unrecognized key');
  });

  it('refuses path traversal and app data in file operations', async () => {
    const hostile = [
      { op: 'file.write', params: { path: '../outside.md', content: 'x' } },
      { op: 'file.write', params: { path: 'Story/../../outside.md', content: 'x' } },
      { op: 'file.write', params: { path: '.control-room/audit/secret.key', content: 'x' } },
      { op: 'file.delete', params: { path: '%2e%2e/novel/Story/SCN-outline.md' } },
      { op: 'file.write', params: { path: 'notes.md', content: 'x' } },
      { op: 'file.write', params: { path: 'Canon.md', content: 'x' } },
    ];
    await open({ planner: [planReply(plan('Write outside'))], actor: [batchReply(hostile), batchReply(hostile)] });
    const before = await bench.snapshot();
    const outcome = await executeTask('Write outside', bench.deps);
    expect(outcome.status).toBe('invalid');
    expect(outcome.issues).toHaveLength(6);
    for (const [index, issue] of outcome.issues.entries()) expect(issue).toMatchObject({ code: 'path_outside_workspace', path: ['batch', index, 'params', 'path'] });
    await expect(fs.stat(path.join(base, 'outside.md'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(fs.stat(path.join(bench.root, 'notes.md'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await bench.snapshot()).toEqual(before);
  });

  it('names a patch whose find text is missing or occurs twice', async () => {
    const batch = [
      { op: 'file.patch', params: { path: SCENE, find: 'words that are not in the scene', replace: 'x' } },
      { op: 'file.patch', params: { path: SCENE, find: 'Hester', replace: 'H.' } },
      { op: 'file.patch', params: { path: 'Story/Scenes/SCN-99-missing.md', find: 'a', replace: 'b' } },
    ];
    await open({ planner: [planReply(plan('Patch'))], actor: [batchReply(batch), batchReply(batch)] });
    const outcome = await executeTask('Patch things', bench.deps);
    expect(outcome.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([
      ['patch_find_not_found', 'batch.0.params.find'],
      ['patch_find_ambiguous', 'batch.1.params.find'],
      ['path_not_found', 'batch.2.params.path'],
    ]);
  });
});

describe('model failures and conversation state', () => {
  it('a model that cannot be reached fails the task with model_unavailable and writes nothing', async () => {
    await open({ planner: [{ error: 'model_unreachable' }, { error: 'model_unreachable' }, { error: 'model_unreachable' }] });
    const outcome = await executeTask('Anything', bench.deps);
    expect(outcome).toMatchObject({ status: 'failed', stopHook: 'model_unavailable' });
    expect(bench.planner.requests).toHaveLength(3);
  });

  it('in the action state every write is read back and checked before the task reports success', async () => {
    await open({ planner: [planReply(plan('Reword'))], actor: [batchReply([patchScene])] });
    const outcome = await executeTask('Reword the light', bench.deps, { conversationId: 'edits', state: 'action' });
    expect(outcome).toMatchObject({ status: 'applied', stateIn: 'action' });
    const checks = (await eventsOf(outcome.traceRoundId)).events.filter((event) => event.payload['validator_id'] === 'task_write_check');
    expect(checks.map((event) => event.payload['status'])).toEqual(['ok']);
  });

  it('a state change asked for mid-round applies only at the next round', async () => {
    await open();
    const conversationId = 'writing-session';
    bench.planner.push(async (_request: ModelRequest) => {
      await bench.deps.states.requestChange(conversationId, 'research');
      return planReply(plan('Reword'));
    });
    // Two timeouts: the default state retries twice, so this round still succeeds. Had the change
    // applied mid-round, research's single retry would have given up.
    bench.actor.push({ error: 'model_timeout' }, { error: 'model_timeout' }, batchReply([patchScene]));
    const first = await executeTask('Reword the light', bench.deps, { conversationId });
    expect(first.status).toBe('applied');
    expect(first.stateIn).toBe('default');
    expect((await bench.traces.getRound(first.traceRoundId))?.round).toMatchObject({ state_in: 'default', state_out: 'research' });
    expect(await bench.deps.states.current(conversationId)).toMatchObject({ state: 'research', pending: null });
    bench.planner.push({ error: 'model_timeout' }, { error: 'model_timeout' }, planReply(plan('never reached')));
    const second = await executeTask('Reword again', bench.deps, { conversationId });
    expect(second.stateIn).toBe('research');
    expect(second).toMatchObject({ status: 'failed', stopHook: 'model_unavailable' });
    expect(bench.planner.requests).toHaveLength(3);
    expect((await bench.traces.getRound(second.traceRoundId))?.round).toMatchObject({ state_in: 'research', state_out: 'research' });
  });
});
