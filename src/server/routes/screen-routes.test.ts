/**
 * The routes the web app's screens read: task history and file changes, issue headlines and
 * status, 1:1 chat transcripts, canon facts, tool runs and the book's timeline — each through the
 * whole app (request guard, validation, error table) over a real workspace folder.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../protocol/index.js';
import type { Envelope, TaskOutcome } from '../../protocol/tasks.js';
import type { ScriptedReply, ScriptedStep } from '../../adapters/scripted-model/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const SCENE = 'Story/Scenes/SCN-03-the-drowned-bell.md';
const planReply = (summary: string): ScriptedReply => ({ toolCalls: [{ name: 'emit_plan', arguments: { summary, batch: [] } }] });
const batchReply = (batch: Envelope[]): ScriptedReply => ({ toolCalls: [{ name: 'emit_batch', arguments: { batch } }] });

async function json<T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fixture!.send(method, url, body);
  return { status: response.status, body: (await response.json()) as T };
}

interface FileChange { op: string; path: string; state: string; before: string | null; after: string | null }

describe('task history and file changes', () => {
  it('lists tasks newest first and shows what each changed, before and after, as it moves from pending to applied to undone', async () => {
    const original = 'Scene text that stays.\n';
    fixture = await openRouteFixture({
      script: [
        planReply('Add a scene'), batchReply([{ op: 'file.write', params: { path: 'Story/Scenes/SCN-20-added.md', content: 'A new ending.\n' } }]),
        planReply('Cut a scene'), batchReply([{ op: 'file.delete', params: { path: SCENE } }]),
      ] as Array<ScriptedStep<ModelRequest>>,
    });
    await fs.writeFile(path.join(fixture.dir, 'Story/Scenes/SCN-20-added.md'), original);
    const written = await json<TaskOutcome>('POST', '/api/ai/task/execute', { goal: 'Add a scene' });
    expect(written.body).toMatchObject({ status: 'applied', level: 2 });
    const cut = await json<TaskOutcome>('POST', '/api/ai/task/execute', { goal: 'Cut a scene' });
    expect(cut.body).toMatchObject({ status: 'awaiting_confirmation', level: 4 });

    const list = await json<{ tasks: Array<{ task_id: string; status: string; goal: string }> }>('GET', '/api/tasks');
    expect(list.body.tasks.map((task) => [task.task_id, task.status])).toEqual([[cut.body.taskId, 'awaiting_confirmation'], [written.body.taskId, 'applied']]);
    expect((await json<{ tasks: unknown[] }>('GET', '/api/tasks?limit=1')).body.tasks).toHaveLength(1);

    const pending = await json<{ status: string; files: FileChange[] }>('GET', `/api/tasks/${cut.body.taskId}/changes`);
    const sceneText = await fs.readFile(path.join(fixture.dir, SCENE), 'utf8');
    expect(pending.body).toMatchObject({ status: 'awaiting_confirmation', files: [{ op: 'file.delete', path: SCENE, state: 'pending', before: sceneText, after: null }] });

    const applied = await json<{ files: FileChange[] }>('GET', `/api/tasks/${written.body.taskId}/changes`);
    expect(applied.body.files).toEqual([expect.objectContaining({ op: 'file.write', state: 'applied', before: original, after: 'A new ending.\n' })]);
    expect((await json('POST', `/api/tasks/${written.body.taskId}/undo`)).status).toBe(200);
    const undone = await json<{ status: string; files: FileChange[] }>('GET', `/api/tasks/${written.body.taskId}/changes`);
    expect(undone.body).toMatchObject({ status: 'undone', files: [{ state: 'undone', before: original, after: 'A new ending.\n' }] });

    expect(await json('GET', '/api/tasks/task_missing/changes')).toMatchObject({ status: 404, body: { error: { code: 'task_not_found' } } });
    expect((await json('GET', '/api/tasks/..%2Fx/changes')).status).toBe(400);
  });
});

describe('issue headlines and status', () => {
  it('titles an archived round by its question, closes with a signed, undoable command and reopens', async () => {
    fixture = await openRouteFixture();
    const round = await fixture.room.issues.create({ title: 'Conference conf-1 — Turn 3', body: '**Writer:** Is Owen Tresk alive?\n\nAbstained: none\nReceipts: none' });
    const plain = await fixture.room.issues.create({ title: 'Eye colour of Hester', body: 'Where: Story/Scenes/SCN-04-the-logbook.md#L12' });
    const listed = await json<{ issues: Array<{ id: string; title: string; headline: string }> }>('GET', '/api/issues');
    expect(listed.body.issues.map((issue) => [issue.id, issue.title, issue.headline])).toEqual([
      [plain.id, 'Eye colour of Hester', 'Eye colour of Hester'],
      [round.id, 'Conference conf-1 — Turn 3', 'Is Owen Tresk alive?'],
    ]);

    const closed = await json<{ issue: { status: string; headline: string }; task: TaskOutcome }>('POST', `/api/issues/${round.id}/status`, { status: 'closed' });
    expect(closed).toMatchObject({ status: 200, body: { issue: { status: 'closed', headline: 'Is Owen Tresk alive?' }, task: { status: 'applied', level: 2 } } });
    expect(closed.body.task.receipts).toHaveLength(1);
    expect((await json<{ issue: { status: string } }>('POST', `/api/issues/${round.id}/status`, { status: 'closed' })).body).toMatchObject({ issue: { status: 'closed' }, task: null });
    expect((await json('POST', `/api/tasks/${closed.body.task.taskId}/undo`)).status).toBe(200);
    expect((await fixture.room.issues.get(round.id))?.status).toBe('open');

    await json('POST', `/api/issues/${round.id}/status`, { status: 'closed' });
    const reopened = await json<{ issue: { status: string }; task: null }>('POST', `/api/issues/${round.id}/status`, { status: 'open' });
    expect(reopened).toMatchObject({ status: 200, body: { issue: { status: 'open' }, task: null } });

    expect(await json('POST', '/api/issues/ISS-999/status', { status: 'closed' })).toMatchObject({ status: 404, body: { error: { code: 'issue_not_found' } } });
    expect((await json('POST', `/api/issues/${round.id}/status`, { status: 'archived' })).status).toBe(400);
  });
});

describe('marking a finding intentional', () => {
  it('keeps the mark, closes and tags the issue, and refuses issues that were not filed for a finding', async () => {
    fixture = await openRouteFixture();
    const quote = 'It was the ninth day since she came back.';
    const issue = await fixture.room.issues.create({
      title: 'Day marker mismatch at Story/Scenes/SCN-04-the-logbook.md#L12',
      body: `The prose says Day 9.\n\nWhere: Story/Scenes/SCN-04-the-logbook.md#L12\nQuote: ${quote}\nFinding: fp_0123456789abcdef`,
      tags: ['continuity', 'day_marker_mismatch'],
    });
    expect((await json<{ finding: unknown }>('GET', `/api/issues/${issue.id}`)).body.finding).toEqual({ kind: 'day_marker_mismatch', path: 'Story/Scenes/SCN-04-the-logbook.md', line: 12, quote });
    const marked = await json<{ issue: { status: string; tags: string[] }; finding: { kind: string; path: string; line: number; quote: string } }>('POST', `/api/issues/${issue.id}/intentional`, { note: 'Hester loses count on purpose' });
    expect(marked).toMatchObject({ status: 200, body: { issue: { status: 'closed' }, finding: { kind: 'day_marker_mismatch', path: 'Story/Scenes/SCN-04-the-logbook.md', line: 12, quote } } });
    expect(marked.body.issue.tags).toEqual(['continuity', 'day_marker_mismatch', 'intentional']);
    const stored = JSON.parse(await fs.readFile(path.join(fixture.dir, '.control-room/continuity/intentional.json'), 'utf8')) as { schema_version: number; marks: Array<{ id: string; note: string; kind: string; quote: string }> };
    expect(stored).toMatchObject({ schema_version: 1, marks: [{ note: 'Hester loses count on purpose', kind: 'day_marker_mismatch', quote }] });
    expect(stored.marks[0]!.id).toMatch(/^int_[0-9a-f]{16}$/);
    expect((await json('POST', `/api/issues/${issue.id}/intentional`)).status).toBe(200);
    expect(JSON.parse(await fs.readFile(path.join(fixture.dir, '.control-room/continuity/intentional.json'), 'utf8')).marks).toHaveLength(1);

    const plain = await fixture.room.issues.create({ title: 'A note', body: 'Nothing to see' });
    expect(await json('POST', `/api/issues/${plain.id}/intentional`)).toMatchObject({ status: 400, body: { error: { code: 'issue_not_a_finding' } } });
    expect(await json('POST', '/api/issues/ISS-999/intentional')).toMatchObject({ status: 404, body: { error: { code: 'issue_not_found' } } });
    expect((await json('POST', `/api/issues/${issue.id}/intentional`, { note: 5 })).status).toBe(400);
  });
});

describe('1:1 chat transcripts', () => {
  it('keeps every finished turn of a session, lists sessions by agent, and answers 404 for an unknown one', async () => {
    fixture = await openRouteFixture();
    const first = await json<{ sessionId: string; content: string }>('POST', '/api/ai/chat', { message: 'What colour are Hester’s eyes?', agentId: 'continuity' });
    expect(first.status).toBe(200);
    await json('POST', '/api/ai/chat', { message: 'And Owen Tresk?', agentId: 'continuity', sessionId: first.body.sessionId });
    await json('POST', '/api/ai/chat', { message: 'Hello', agentId: 'editor', sessionId: 'chat-editor-1' });

    const session = await json<{ turns: Array<{ message: string; agentId: string; result: { content: string; sessionId: string } }> }>('GET', `/api/chat/sessions/${first.body.sessionId}`);
    expect(session.body.turns.map((turn) => [turn.message, turn.agentId, turn.result.sessionId])).toEqual([
      ['What colour are Hester’s eyes?', 'continuity', first.body.sessionId],
      ['And Owen Tresk?', 'continuity', first.body.sessionId],
    ]);
    expect(session.body.turns[0]!.result.content).toBe(first.body.content);

    const all = await json<{ sessions: Array<{ sessionId: string; agentId: string; turns: number; firstMessage: string }> }>('GET', '/api/chat/sessions');
    expect(all.body.sessions.map((item) => [item.sessionId, item.agentId, item.turns, item.firstMessage])).toEqual([
      ['chat-editor-1', 'editor', 1, 'Hello'],
      [first.body.sessionId, 'continuity', 2, 'What colour are Hester’s eyes?'],
    ]);
    expect((await json<{ sessions: unknown[] }>('GET', '/api/chat/sessions?agent=editor')).body.sessions).toHaveLength(1);
    expect(await json('GET', '/api/chat/sessions/chat-none')).toMatchObject({ status: 404, body: { error: { code: 'chat_session_not_found' } } });
    expect((await json('GET', '/api/chat/sessions/..%2F..%2Fetc')).status).toBe(400);
  });
});

describe('canon facts, tool runs and the timeline', () => {
  it('lists the built index\'s facts with their lines, and none while Canon.md is a placeholder', async () => {
    fixture = await openRouteFixture();
    expect((await json<{ facts: unknown[] }>('GET', '/api/canon/facts')).body.facts.length).toBeGreaterThan(10);
    await fs.rm(path.join(fixture.dir, '.control-room/canon'), { recursive: true, force: true });
    expect((await json<{ facts: unknown[] }>('GET', '/api/canon/facts')).body.facts).toEqual([]);
    await fs.mkdir(path.join(fixture.dir, '.control-room/canon'), { recursive: true });
    await fs.writeFile(
      path.join(fixture.dir, '.control-room/canon/canon-index.md'),
      '# Canon Index\n\n## Characters\n- Hester Vane — eyes: grey (Compendium/Characters/CHAR-hester-vane.md#L8)\n\n## Timeline\n- Day 2, evening — event: the bell (Compendium/Lore/LORE-timeline.md#L4-L5)\n',
    );
    const facts = await json<{ facts: unknown[] }>('GET', '/api/canon/facts');
    expect(facts.body.facts).toEqual([
      { section: 'Characters', subject: 'Hester Vane', attribute: 'eyes', value: 'grey', path: 'Compendium/Characters/CHAR-hester-vane.md', line: 8, endLine: 8 },
      { section: 'Timeline', subject: 'Day 2, evening', attribute: 'event', value: 'the bell', path: 'Compendium/Lore/LORE-timeline.md', line: 4, endLine: 5 },
    ]);
  });

  it('runs prose_analyzer with a receipt, and refuses unknown tools and bad arguments before anything runs', async () => {
    fixture = await openRouteFixture();
    const run = await json<{ status: string; receiptId: string; sessionId: string; result: { pacing: { chunks: unknown[] }; rhythm: { lengths: number[] } } }>(
      'POST', '/api/tools/prose_analyzer/run', { args: { scene_path: SCENE, focus: 'all' }, sessionId: 'ui-pictures' },
    );
    expect(run).toMatchObject({ status: 200, body: { status: 'ok', sessionId: 'ui-pictures' } });
    expect(run.body.result.pacing.chunks.length).toBeGreaterThan(0);
    expect(run.body.result.rhythm.lengths.length).toBeGreaterThan(10);
    expect((await fixture.room.auditLog.list('ui-pictures')).map((receipt) => receipt.receipt_id)).toEqual([run.body.receiptId]);
    expect(await json('POST', '/api/tools/no_such_tool/run', { args: {} })).toMatchObject({ status: 404, body: { error: { code: 'tool_not_found' } } });
    expect(await json('POST', '/api/tools/prose_analyzer/run', { args: { scene_path: 7 } })).toMatchObject({ status: 400, body: { error: { code: 'tool_call_invalid_args' } } });
    expect((await json('POST', '/api/tools/prose_analyzer/run', { args: { scene_path: '../../etc/passwd' } })).body).toMatchObject({ status: 'tool_error' });
    expect(await fixture.room.auditLog.list('ui-pictures')).toHaveLength(1);
  });

  it('draws the sample book\'s days per chapter from its outline', async () => {
    fixture = await openRouteFixture();
    const timeline = await json<{ chapters: Array<{ title: string; day: number | null; marks: Array<{ source: string }> }>; lastDay: number }>('GET', '/api/story/timeline');
    expect(timeline.status).toBe(200);
    expect(timeline.body.chapters.length).toBeGreaterThanOrEqual(8);
    expect(timeline.body.chapters[0]).toMatchObject({ title: 'The Lamp Room', day: 1 });
    expect(timeline.body.chapters.every((chapter) => chapter.day !== null && chapter.marks.some((mark) => mark.source === 'outline'))).toBe(true);
    expect(timeline.body.lastDay).toBeGreaterThan(1);
  });
});

describe('the OpenAPI document', () => {
  it('names every new operation', async () => {
    fixture = await openRouteFixture();
    const document = (await json<{ paths: Record<string, Record<string, { operationId?: string }>> }>('GET', '/api/openapi.json')).body;
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    for (const id of ['listTasks', 'getTaskChanges', 'listIssues', 'setIssueStatus', 'listChatSessions', 'getChatSession', 'listCanonFacts', 'runTool', 'getBookTimeline', 'markIssueFindingIntentional']) expect(ids).toContain(id);
  });
});
