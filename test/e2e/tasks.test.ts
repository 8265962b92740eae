/**
 * Tasks end to end (issue "Tasks with authorization and confirmations"): the real CLI binary, real
 * SQLite traces, real receipts and undo journals, against a loopback OpenAI-compatible server that
 * plays the planner and the actor. The HTTP routes run in memory over the same workspace layout.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { EVENT_PAYLOAD_SCHEMAS } from '../../src/protocol/index.js';
import type { TaskOutcome, UndoOutcome } from '../../src/protocol/tasks.js';
import { openControlRoom } from '../../src/adapters/compose/index.js';
import { JsonConversationStateStore } from '../../src/adapters/json-task-store/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackReply, type LoopbackScript, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { openSqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';
import { systemClock } from '../../src/adapters/system/index.js';
import { ConversationStates } from '../../src/core/state/index.js';
import { handleError } from '../../src/server/error-response.js';
import { registerConfirmationRoutes } from '../../src/server/routes/confirmations.js';
import { registerTaskRoutes } from '../../src/server/routes/tasks.js';
import { runCli } from './helpers/run-cli.js';
import { sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

const SCENE = 'Story/Scenes/SCN-01-the-lamp-room.md';
const DOOMED = 'Story/Scenes/SCN-12-the-glass.md';
const FIND = 'the Skerry Light was already awake';
const REPLACE = 'the Skerry Light had already woken';

const patchScene = { op: 'file.patch', params: { path: SCENE, find: FIND, replace: REPLACE }, idempotencyKey: 'scn-01-light' };
const noteIssue = { op: 'issue.create', params: { title: 'Scene 12 cut', body: 'Cut for pace; see the outline.' }, idempotencyKey: 'note-scn-12' };
const deleteScene = { op: 'file.delete', params: { path: DOOMED }, idempotencyKey: 'delete-scn-12' };

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace('cr-e2e-tasks-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await workspace.cleanup();
});

/** JSON in content for the `envelope` profile, native `emit_*` calls for `cascade`. */
const plan = (summary: string, native = false): LoopbackReply =>
  native
    ? { toolCalls: [{ name: 'emit_plan', arguments: { summary, risks: ['a scene is removed'], batch: [] } }] }
    : { content: JSON.stringify({ summary, risks: ['a scene is removed'], batch: [] }) };
const batch = (envelopes: unknown[], native = false): LoopbackReply =>
  native ? { toolCalls: [{ name: 'emit_batch', arguments: { batch: envelopes } }] } : { content: JSON.stringify({ batch: envelopes }) };

async function serve(script: LoopbackScript, profile: 'envelope' | 'cascade' = 'envelope'): Promise<void> {
  server = await startLoopbackModelServer(script);
  await writeEndpoints(workspace.dir, { baseUrl: server.baseUrl, model: 'loopback-model', profile });
}

async function cli<T = TaskOutcome>(args: string[]): Promise<{ status: number; body: T }> {
  const run = await runCli([...args, '--workspace', workspace.dir, '--json']);
  expect(run.stderr).not.toMatch(/internal_error/);
  return { status: run.status, body: run.json<T>() };
}

/** sha256 of every file of the workspace except the app data a pending task may write (traces, task records, keys, receipts, notifications). */
async function hashWorkspace(): Promise<Map<string, string>> {
  const skipped = /^\.control-room\/(traces\.db|tasks\/|confirmations\/|state\/|audit\/|memory\/|notifications\.json)/;
  const hashes = new Map<string, string>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(workspace.dir, folder), { withFileTypes: true })) {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile() && !skipped.test(relative)) hashes.set(relative, createHash('sha256').update(await fs.readFile(path.join(workspace.dir, relative))).digest('hex'));
    }
  };
  await walk('');
  return hashes;
}

async function receiptCount(): Promise<number> {
  const audit = await cli<{ ok: boolean; receipts: number }>(['audit', 'verify']);
  expect(audit.body.ok).toBe(true);
  return audit.body.receipts;
}

async function traceOf(roundId: string) {
  const store = await openSqliteTraceStore(workspace.dir);
  try {
    const round = await store.getRound(roundId);
    expect(round).not.toBeNull();
    return round!;
  } finally {
    await store.close();
  }
}

function posts(): Array<Record<string, unknown>> {
  return server!.requests.filter((request) => request.method === 'POST').map((request) => request.body as Record<string, unknown>);
}

// Each test runs the binary several times; on a loaded machine one run can take seconds.
describe('control-room task', { timeout: 180_000 }, () => {
  it('gates a chain mixing L2 and L4 at L4: nothing is written before the second of two confirmations', async () => {
    await serve([plan('Cut scene 12, reword scene 1, note why'), batch([patchScene, noteIssue, deleteScene])]);
    const before = await hashWorkspace();
    const pending = await cli(['task', 'Cut the last scene and reword the light']);
    expect(pending.status).toBe(0);
    expect(pending.body).toMatchObject({ status: 'awaiting_confirmation', level: 4, confirmation: { required: 2, received: 0 } });
    expect(pending.body.batch).toHaveLength(3);
    expect(await hashWorkspace()).toEqual(before);
    // The planner got a JSON-schema response format (the envelope profile).
    expect(posts()[0]!['response_format']).toMatchObject({ type: 'json_schema', json_schema: { name: 'emit_plan' } });
    const id = pending.body.confirmationId!;
    const listed = await cli<{ confirmations: Array<{ confirmation_id: string }> }>(['confirm']);
    expect(listed.body.confirmations.map((entry) => entry.confirmation_id)).toEqual([id]);
    const first = await cli(['confirm', id]);
    expect(first.body).toMatchObject({ status: 'awaiting_confirmation', confirmation: { received: 1, required: 2, stepToken: expect.stringMatching(/^stp_/) } });
    expect(await hashWorkspace()).toEqual(before);
    // The same command again only repeats the first confirmation; the list never shows the token.
    const repeated = await cli(['confirm', id]);
    expect(repeated.body).toMatchObject({ status: 'awaiting_confirmation', replayed: true, confirmation: { received: 1, stepToken: first.body.confirmation!.stepToken } });
    expect(JSON.stringify((await cli(['confirm'])).body)).not.toContain(first.body.confirmation!.stepToken!);
    const human = await runCli(['confirm', id, '--workspace', workspace.dir]);
    expect(human.stdout).toContain(`--step-token ${first.body.confirmation!.stepToken}`);
    expect(await hashWorkspace()).toEqual(before);
    const guessed = await runCli(['confirm', id, '--step-token', 'stp_guessed', '--workspace', workspace.dir, '--json']);
    expect(guessed.status).toBe(1);
    expect(guessed.json()).toMatchObject({ error: { code: 'step_token_invalid' } });
    const second = await cli(['confirm', id, '--step-token', first.body.confirmation!.stepToken!]);
    expect(second.status).toBe(0);
    expect(second.body.status).toBe('applied');
    expect(second.body.receipts).toHaveLength(3);
    expect(second.body.results.map((result) => result.receipt_id)).toEqual(second.body.receipts);
    expect(await fs.readFile(path.join(workspace.dir, SCENE), 'utf8')).toContain(REPLACE);
    await expect(fs.stat(path.join(workspace.dir, DOOMED))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await receiptCount()).toBe(3);
    const again = await runCli(['confirm', id, '--workspace', workspace.dir, '--json']);
    expect(again.status).toBe(1);
    expect(again.json()).toMatchObject({ error: { code: 'confirmation_closed' } });
    const gated = await traceOf(pending.body.traceRoundId);
    expect(gated.events.find((event) => event.event_type === 'route.selected')?.payload).toMatchObject({ auth_level: 4, confirmations_required: 2 });
    expect(gated.events.find((event) => event.event_type === 'confirm.requested')?.payload).toMatchObject({ auth_level: 4, confirmation_id: id });
    expect(gated.events.some((event) => event.event_type === 'command.executed')).toBe(false);
    const applied = await traceOf(second.body.traceRoundId);
    expect(applied.events.filter((event) => event.event_type === 'command.executed').map((event) => event.payload['status'])).toEqual(['ok', 'ok', 'ok']);
    for (const event of [...gated.events, ...applied.events]) expect(EVENT_PAYLOAD_SCHEMAS[event.event_type].safeParse(event.payload).success, event.event_type).toBe(true);
  });

  it('a refusal leaves the workspace byte-identical', async () => {
    await serve([plan('Cut scene 12'), batch([patchScene, deleteScene])]);
    const before = await hashWorkspace();
    const pending = await cli(['task', 'Cut the last scene']);
    await cli(['confirm', pending.body.confirmationId!]);
    const refused = await cli(['confirm', pending.body.confirmationId!, '--refuse']);
    expect(refused.body).toMatchObject({ status: 'refused', receipts: [] });
    expect(await hashWorkspace()).toEqual(before);
    expect(await receiptCount()).toBe(0);
  });

  it('replaying a batch with the same idempotency keys changes nothing', async () => {
    const envelopes = [patchScene, noteIssue];
    await serve([plan('Reword and note'), batch(envelopes), plan('Reword and note'), batch(envelopes)]);
    const first = await cli(['task', 'Reword the light and note it']);
    expect(first.body.status).toBe('applied');
    const after = await hashWorkspace();
    const second = await cli(['task', 'Reword the light and note it']);
    expect(second.body.status).toBe('applied');
    expect(second.body.results.map((result) => result.status)).toEqual(['duplicate', 'duplicate']);
    expect(second.body.results.map((result) => result.receipt_id)).toEqual(first.body.receipts);
    expect(await hashWorkspace()).toEqual(after);
    expect(await receiptCount()).toBe(2);
  });

  it('replaying the keys of an undone task answers undone and writes nothing', async () => {
    const envelopes = [patchScene, noteIssue];
    await serve([plan('Reword and note'), batch(envelopes), plan('Reword and note'), batch(envelopes)]);
    const original = await hashWorkspace();
    const first = await cli(['task', 'Reword the light and note it']);
    expect(first.body.status).toBe('applied');
    expect((await cli<UndoOutcome>(['undo', first.body.taskId])).body.status).toBe('undone');
    const undone = await hashWorkspace();
    const again = await cli(['task', 'Reword the light and note it']);
    expect(again.status).toBe(0);
    expect(again.body).toMatchObject({ status: 'undone', receipts: [] });
    expect(again.body.results.map((result) => result.status)).toEqual(['undone', 'undone']);
    expect(await hashWorkspace()).toEqual(undone);
    const scene = [...original.keys()].find((file) => file === SCENE)!;
    expect(undone.get(scene)).toBe(original.get(scene));
  });

  it('an L2 task applies at once and undo restores the file, with a receipt for each step', async () => {
    await serve([plan('Reword the light', true), batch([patchScene], true)], 'cascade');
    const original = await fs.readFile(path.join(workspace.dir, SCENE));
    const applied = await cli(['task', 'Reword the light in scene 1']);
    expect(applied.body).toMatchObject({ status: 'applied', level: 2, undoAvailable: true, channels: { planner: 'tool', actor: 'tool' } });
    expect(posts()[0]!['tools']).toEqual([expect.objectContaining({ function: expect.objectContaining({ name: 'emit_plan' }) })]);
    const undone = await cli<UndoOutcome>(['undo']);
    expect(undone.body).toMatchObject({ status: 'undone', taskId: applied.body.taskId });
    expect(Buffer.compare(await fs.readFile(path.join(workspace.dir, SCENE)), original)).toBe(0);
    expect(await receiptCount()).toBe(2);
    const reversed = (await traceOf(undone.body.traceRoundId)).events.filter((event) => event.event_type === 'command.reversed');
    expect(reversed).toHaveLength(1);
  });

  it('refuses an invalid actor batch whole after one structured retry, with STOP_HOOK task_output_invalid', async () => {
    const bad = [patchScene, { op: 'file.write', params: { path: 'Story/Scenes/SCN-13.md' } }, { op: 'file.rename', params: {} }];
    await serve([plan('Three changes'), batch(bad), batch(bad)]);
    const before = await hashWorkspace();
    const run = await runCli(['task', 'Make three changes', '--workspace', workspace.dir, '--json']);
    expect(run.status).toBe(1);
    const outcome = run.json<TaskOutcome>();
    expect(outcome).toMatchObject({ status: 'invalid', stopHook: 'task_output_invalid', results: [] });
    expect(outcome.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['batch.1.params.content', 'batch.2.op']));
    expect(posts()).toHaveLength(3);
    const retry = JSON.stringify((posts()[2]!['messages'] as unknown[]).at(-1));
    expect(retry).toContain('batch.1.params.content');
    expect(await hashWorkspace()).toEqual(before);
    expect(await receiptCount()).toBe(0);
    expect((await traceOf(outcome.traceRoundId)).round).toMatchObject({ status: 'failed', failure_code: 'task_output_invalid' });
  });

  it('refuses path traversal in file operations', async () => {
    const hostile = [
      { op: 'file.write', params: { path: '../../escaped.md', content: 'x' } },
      { op: 'file.delete', params: { path: '.control-room/audit/secret.key' } },
      { op: 'file.write', params: { path: 'Story/%2e%2e/%2e%2e/escaped.md', content: 'x' } },
    ];
    await serve([plan('Escape'), batch(hostile), batch(hostile)]);
    const before = await hashWorkspace();
    const run = await runCli(['task', 'Write outside the manuscript', '--workspace', workspace.dir, '--json']);
    const outcome = run.json<TaskOutcome>();
    expect(outcome.status).toBe('invalid');
    expect(outcome.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([
      ['path_outside_workspace', 'batch.0.params.path'],
      ['path_outside_workspace', 'batch.1.params.path'],
      ['path_outside_workspace', 'batch.2.params.path'],
    ]);
    await expect(fs.stat(path.join(workspace.dir, '../escaped.md'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await hashWorkspace()).toEqual(before);
  });

  it('a state change asked for mid-round only applies at the next round', async () => {
    const states = new ConversationStates(new JsonConversationStateStore(workspace.dir), systemClock);
    const midRound: LoopbackStep = async () => {
      // Another client asks for `research` while the CLI's round is between planner and actor.
      await states.requestChange('desk', 'research');
      return batch([patchScene]);
    };
    await serve([plan('Reword'), midRound, plan('Note'), batch([noteIssue])]);
    const first = await cli(['task', 'Reword the light', '--conversation', 'desk']);
    expect(first.body).toMatchObject({ status: 'applied', stateIn: 'default' });
    expect((await traceOf(first.body.traceRoundId)).round).toMatchObject({ state_in: 'default', state_out: 'research' });
    const second = await cli(['task', 'Note the change', '--conversation', 'desk']);
    expect(second.body.stateIn).toBe('research');
    expect((await traceOf(second.body.traceRoundId)).round).toMatchObject({ state_in: 'research', state_out: 'research' });
  });
});

describe('the task and confirmation routes', { timeout: 120_000 }, () => {
  it('execute → list → two confirmations → undo, over HTTP', async () => {
    await serve([plan('Cut scene 12 and reword scene 1'), batch([patchScene, deleteScene])]);
    const room = await openControlRoom(workspace.dir, { homeDir: null, env: {} });
    try {
      const app = new OpenAPIHono();
      app.onError((error, c) => handleError(error, c, false));
      registerTaskRoutes(app, { room, deps: {} });
      registerConfirmationRoutes(app, { room, deps: {} });
      const send = async (method: string, url: string, body?: unknown) => {
        const response = await app.request(url, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect((await send('POST', '/api/ai/task/execute', { goal: '' })).status).toBe(400);
      const before = await hashWorkspace();
      const pending = await send('POST', '/api/ai/task/execute', { goal: 'Cut the last scene', conversationId: 'web' });
      expect(pending).toMatchObject({ status: 200, body: { status: 'awaiting_confirmation', level: 4 } });
      const id = pending.body['confirmationId'] as string;
      expect(((await send('GET', '/api/confirmations')).body['confirmations'] as Array<{ confirmation_id: string }>).map((entry) => entry.confirmation_id)).toEqual([id]);
      const first = await send('POST', `/api/confirmations/${id}`, { accept: true });
      expect(first.body).toMatchObject({ status: 'awaiting_confirmation' });
      expect(await hashWorkspace()).toEqual(before);
      const stepToken = (first.body['confirmation'] as { stepToken: string }).stepToken;
      expect((await send('POST', `/api/confirmations/${id}`, { accept: true })).body).toMatchObject({ status: 'awaiting_confirmation', replayed: true });
      expect(await hashWorkspace()).toEqual(before);
      const applied = await send('POST', `/api/confirmations/${id}`, { accept: true, stepToken });
      expect(applied.body).toMatchObject({ status: 'applied' });
      expect(applied.body['receipts']).toHaveLength(2);
      const closed = await send('POST', `/api/confirmations/${id}`, { accept: true });
      expect(closed.body).toMatchObject({ error: { code: 'confirmation_closed' } });
      expect((await send('GET', '/api/confirmations')).body['confirmations']).toEqual([]);
      const task = await send('GET', `/api/tasks/${pending.body['taskId'] as string}`);
      expect(task.body).toMatchObject({ status: 'applied', level: 4, schema_version: 1 });
      const undone = await send('POST', '/api/tasks/last/undo');
      expect(undone).toMatchObject({ status: 200, body: { status: 'undone', taskId: pending.body['taskId'] } });
      expect(await hashWorkspace()).toEqual(before);
      expect((await send('POST', `/api/tasks/${pending.body['taskId'] as string}/undo`)).body).toMatchObject({ error: { code: 'undo_already_done' } });
      expect((await send('POST', '/api/confirmations/cfm_missing', { accept: true })).status).toBe(404);
    } finally {
      await room.close();
    }
    expect(await receiptCount()).toBe(4);
  });

  it('the CLI and the server racing on one confirmation: each step counts once, across processes', async () => {
    await serve([plan('Cut scene 12 and reword scene 1'), batch([patchScene, deleteScene])]);
    const before = await hashWorkspace();
    const pending = await cli(['task', 'Cut the last scene']);
    const id = pending.body.confirmationId!;
    const room = await openControlRoom(workspace.dir, { homeDir: null, env: {} });
    try {
      const app = new OpenAPIHono();
      app.onError((error, c) => handleError(error, c, false));
      registerConfirmationRoutes(app, { room, deps: {} });
      const http = async (body: Record<string, unknown>) => (await app.request(`/api/confirmations/${id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<TaskOutcome>;
      const firsts = await Promise.all([cli(['confirm', id]), cli(['confirm', id]), http({ accept: true }), http({ accept: true })]);
      const answers = firsts.map((first) => ('body' in first ? first.body : first));
      for (const answer of answers) expect(answer).toMatchObject({ status: 'awaiting_confirmation', confirmation: { received: 1, required: 2 } });
      const tokens = new Set(answers.map((answer) => answer.confirmation!.stepToken));
      expect(tokens.size).toBe(1);
      expect(answers.filter((answer) => answer.replayed)).toHaveLength(3);
      expect(await hashWorkspace()).toEqual(before);
      const stepToken = [...tokens][0]!;
      const seconds = await Promise.all([cli(['confirm', id, '--step-token', stepToken]), http({ accept: true, stepToken }), http({ accept: true, stepToken })]);
      const closing = seconds.map((second) => ('body' in second ? second.body : second));
      expect(closing.map((answer) => answer.status)).toEqual(['applied', 'applied', 'applied']);
      expect(closing.filter((answer) => !answer.replayed).map((answer) => answer.receipts.length)).toEqual([2]);
    } finally {
      await room.close();
    }
    await expect(fs.stat(path.join(workspace.dir, DOOMED))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await receiptCount()).toBe(2);
  });
});
