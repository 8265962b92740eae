import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TASK_SCHEMA_VERSION, type IdempotencyRecord, type TaskRecord, type UndoJournal } from '../../protocol/tasks.js';
import { openConfirmation } from '../../core/auth/index.js';
import { JsonTaskStore } from './json-task-store.js';

let root: string;
let store: JsonTaskStore;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-task-store-'));
  store = new JsonTaskStore(root);
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

function task(id: string, createdAt: string): TaskRecord {
  return {
    schema_version: TASK_SCHEMA_VERSION, task_id: id, goal: 'g', conversation_id: 'tasks', status: 'applied', plan: { summary: 's', batch: [] }, batch: [], chain: null,
    level: null, confirmation_id: null, results: [], issues: [], channels: { planner: 'tool', actor: 'json' }, undo_available: false, trace_round_ids: [], created_at: createdAt, updated_at: createdAt,
  };
}

function journal(id: string, createdAt: string, undone: string | null = null): UndoJournal {
  return {
    schema_version: TASK_SCHEMA_VERSION, task_id: id, conversation_id: 'tasks', created_at: createdAt, undone_at: undone,
    entries: [{ kind: 'issue_created', index: 0, command_id: `${id}:1`, op: 'issue.create', issue_id: 'ISS-1' }],
  };
}

describe('JsonTaskStore', () => {
  it('round-trips tasks, newest first, under .control-room/tasks/', async () => {
    await store.saveTask(task('task_a', '2025-01-01T00:00:00.000Z'));
    await store.saveTask(task('task_b', '2025-01-02T00:00:00.000Z'));
    expect((await store.getTask('task_a'))?.goal).toBe('g');
    expect((await store.listTasks()).map((entry) => entry.task_id)).toEqual(['task_b', 'task_a']);
    expect(JSON.parse(await fs.readFile(path.join(root, '.control-room/tasks/task_a.json'), 'utf8')).schema_version).toBe(1);
  });

  it('does not find ids that could not name a file', async () => {
    expect(await store.getTask('../secret')).toBeNull();
    expect(await store.getConfirmation('a/b')).toBeNull();
    expect(await store.getUndo('..')).toBeNull();
  });

  it('keeps confirmations under .control-room/confirmations/ and filters them by status', async () => {
    const pending = openConfirmation({ confirmationId: 'cfm_1', taskId: 'task_a', chainId: 'chain_a', conversationId: 'tasks', level: 4, summary: 's', nowIso: '2025-01-01T00:00:00.000Z' });
    await store.saveConfirmation(pending);
    await store.saveConfirmation({ ...pending, confirmation_id: 'cfm_2', status: 'refused' });
    expect((await store.listConfirmations('pending')).map((entry) => entry.confirmation_id)).toEqual(['cfm_1']);
    expect(await store.listConfirmations()).toHaveLength(2);
    await expect(fs.stat(path.join(root, '.control-room/confirmations/cfm_1.json'))).resolves.toBeTruthy();
  });

  it('finds the newest journal not undone', async () => {
    await store.saveUndo(journal('task_a', '2025-01-01T00:00:00.000Z'));
    await store.saveUndo(journal('task_b', '2025-01-02T00:00:00.000Z', '2025-01-03T00:00:00.000Z'));
    expect((await store.lastUndoable())?.task_id).toBe('task_a');
  });

  it('keeps the first record of an idempotency key', async () => {
    const record: IdempotencyRecord = { schema_version: 1, key: 'key one/with slashes', op: 'issue.create', params_sha256: 'a'.repeat(64), task_id: 'task_a', command_id: 'task_a:1', receipt_id: 'rcpt_0123456789', recorded_at: 'now' };
    await store.putIdempotency(record);
    await store.putIdempotency({ ...record, task_id: 'task_b' });
    expect((await store.getIdempotency('key one/with slashes'))?.task_id).toBe('task_a');
    expect(await store.getIdempotency('another key')).toBeNull();
  });

  it('reports a corrupt or newer file instead of replacing it', async () => {
    await fs.mkdir(path.join(root, '.control-room/tasks'), { recursive: true });
    await fs.writeFile(path.join(root, '.control-room/tasks/task_x.json'), '{ not json');
    await expect(store.getTask('task_x')).rejects.toMatchObject({ code: 'task_store_corrupt' });
    await fs.writeFile(path.join(root, '.control-room/tasks/task_y.json'), JSON.stringify({ ...task('task_y', 'now'), schema_version: 99 }));
    await expect(store.getTask('task_y')).rejects.toThrow(/newer Control Room/);
    expect(await fs.readFile(path.join(root, '.control-room/tasks/task_x.json'), 'utf8')).toBe('{ not json');
  });
});

describe('holdConfirmation', () => {
  it('lets one holder at a time answer a confirmation, across store instances', async () => {
    const other = new JsonTaskStore(root);
    const order: string[] = [];
    const release = await store.holdConfirmation('cfm_1');
    const second = other.holdConfirmation('cfm_1').then((releaseSecond) => {
      order.push('second');
      return releaseSecond;
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    order.push('first done');
    await release();
    await (await second)();
    expect(order).toEqual(['first done', 'second']);
    await expect(fs.stat(path.join(root, '.control-room/confirmations/cfm_1.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
