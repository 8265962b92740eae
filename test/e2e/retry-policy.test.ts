/**
 * The retry policy through a whole 1:1 turn (thinking-router seed): invalid output is asked again,
 * transient failures are sent again, each retry is counted in the result and recorded in the
 * trace with its reason, and once the fallback model has answered the turn stays on it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openControlRoom, taskDependencies, type ControlRoom } from '../../src/adapters/compose/index.js';
import { findToolNonce, ScriptedModel } from '../../src/adapters/scripted-model/index.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { executeTask } from '../../src/core/tasks/index.js';
import type { Workspace } from '../../src/core/ports/index.js';
import type { ModelRequest } from '../../src/protocol/index.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
let room: ControlRoom | undefined;
beforeEach(async () => {
  workspace = await sampleWorkspace('cr-e2e-retry-');
});
afterEach(async () => {
  await room?.close();
  room = undefined;
  await workspace.cleanup();
});

const nonce = (request: ModelRequest): string => findToolNonce(request.messages) ?? '';
const call = (request: ModelRequest) => ({ content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: nonce(request) }) });
const final = (request: ModelRequest) => ({ content: JSON.stringify({ action: 'final', nonce: nonce(request) }) });
const read = (path: string) => (request: ModelRequest) => ({ content: JSON.stringify({ tool: 'file_reader', args: { path }, nonce: nonce(request) }) });
/** Invalid output of three kinds a small model writes: a guessed nonce, prose around the call, a made-up tool. */
const invalid = [
  { content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: 'guessed' }) },
  (request: ModelRequest) => ({ content: `Sure, let me check: ${JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: nonce(request) })}` }),
  (request: ModelRequest) => ({ content: `<think>hmm</think>${JSON.stringify({ tool: 'act_counter', args: {}, nonce: nonce(request) })}` }),
  { content: 'never asked for' },
];

/** The workspace with reads that fail once with a system error of the given code. */
function failingOnce(workspace: Workspace, code: string): Workspace {
  let failed = false;
  return {
    tree: () => workspace.tree(),
    listFiles: () => workspace.listFiles(),
    stat: (path) => workspace.stat(path),
    read: async (path, range) => {
      if (failed) return workspace.read(path, range);
      failed = true;
      throw Object.assign(new Error(`${code}: ${path} is busy`), { code });
    },
  };
}

async function open(primary: ScriptedModel, fallback: ScriptedModel): Promise<ControlRoom> {
  room = await openControlRoom(workspace.dir, { env: { CONTROL_ROOM_FALLBACK_MODEL: 'backup' }, homeDir: null, modelFactory: (_endpoint, name) => (name === 'backup' ? fallback : primary) });
  return room;
}

describe('retries in a 1:1 turn', () => {
  it('counts a retried tool call and a resent model call in the result, and records both in the trace', async () => {
    const primary = new ScriptedModel(
      [{ content: JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: 'guessed' }) }, { error: 'model_timeout' }, call, final, { content: 'Three acts.' }],
      { name: 'local' },
    );
    const opened = await open(primary, new ScriptedModel([], { name: 'backup' }));
    const deps = { ...opened.turnDependencies(), validateReply: undefined, modelOptions: { sleep: async () => undefined } };
    const result = await runChatTurn({ message: 'How many acts are there?', sessionId: 'retry-1', toolPolicy: { requireTool: true } }, deps);
    expect(result.receipts).toHaveLength(1);
    expect(result.retries).toEqual([
      { kind: 'output', code: 'tool_call_nonce_invalid', target: 'outline_analyzer' },
      { kind: 'model', code: 'model_timeout', target: 'local' },
    ]);
    const { events } = (await opened.traces.getRound(result.traceRoundId))!;
    const retried = events.filter((event) => event.event_type === 'validator.ran' && event.payload['status'] === 'retry').map((event) => event.payload['code']);
    expect(retried).toEqual(['tool_call_nonce_invalid', 'model_timeout']);
  });

  it('stays on the fallback for the rest of the turn once it has answered', async () => {
    const primary = new ScriptedModel([{ status: 500, message: 'primary down' }], { name: 'local' });
    const fallback = new ScriptedModel([call, final, { content: 'Three acts.' }], { name: 'backup' });
    const opened = await open(primary, fallback);
    const result = await runChatTurn({ message: 'How many acts are there?', sessionId: 'retry-2', toolPolicy: { requireTool: true } }, { ...opened.turnDependencies(), validateReply: undefined });
    expect(result.content).toContain('Three acts.');
    expect(result.usedFallback).toBe(true);
    expect(result.model).toBe('backup');
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(3);
  });

  it('asks the writer a question once invalid output was asked again twice, the most any request gets', async () => {
    for (const [retries, calls] of [[2, 3], [5, 3], [undefined, 2]] as const) {
      const primary = new ScriptedModel([...invalid], { name: 'local' });
      const opened = await open(primary, new ScriptedModel([], { name: 'backup' }));
      const deps = { ...opened.turnDependencies(), validateReply: undefined };
      const request = { message: 'How many acts are there?', sessionId: `retry-q-${String(retries)}`, toolPolicy: { requireTool: true }, ...(retries !== undefined ? { retries } : {}) };
      const result = await runChatTurn(request, deps);
      expect(primary.requests).toHaveLength(calls);
      expect(result.receipts).toEqual([]);
      expect(result.stopHook).toBe('tool_call_rejected');
      expect(result.notice).toMatchObject({ kind: 'clarification', code: 'tool_call_rejected' });
      expect(result.content).toMatch(/\?$/);
      const expected = [
        { kind: 'output', code: 'tool_call_nonce_invalid', target: 'outline_analyzer' },
        { kind: 'output', code: 'tool_call_invalid_format', target: 'tool_call' },
      ].slice(0, calls - 1);
      expect(result.retries).toEqual(expected);
      const { events } = (await opened.traces.getRound(result.traceRoundId))!;
      const statuses = events.filter((event) => event.event_type === 'validator.ran' && event.payload['validator_id'] === 'tool_call').map((event) => event.payload['status']);
      expect(statuses).toEqual([...expected.map(() => 'retry'), 'error']);
      await opened.close();
      room = undefined;
    }
  });

  it('runs a tool again after a transient error only, with the retry recorded in the result and the trace', async () => {
    const primary = new ScriptedModel([read('Story/SCN-outline.md'), final, { content: 'Three acts.' }, read('Story/Scenes/SCN-99-missing.md'), final, { content: 'No such scene.' }], { name: 'local' });
    const opened = await open(primary, new ScriptedModel([], { name: 'backup' }));
    const deps = opened.turnDependencies();
    const busy = { ...deps, validateReply: undefined, tools: { ...deps.tools, context: { ...deps.tools.context, workspace: failingOnce(deps.tools.context.workspace, 'EBUSY') } } };
    const retried = await runChatTurn({ message: 'How many acts are there?', sessionId: 'retry-tool-1', toolPolicy: { requireTool: true } }, busy);
    expect(retried.retries).toEqual([{ kind: 'tool', code: 'EBUSY', target: 'file_reader' }]);
    expect(retried.receipts).toHaveLength(1);
    const { events } = (await opened.traces.getRound(retried.traceRoundId))!;
    expect(events.some((event) => event.event_type === 'validator.ran' && event.payload['status'] === 'retry' && event.payload['code'] === 'EBUSY')).toBe(true);
    expect(events.find((event) => event.event_type === 'tool.response')!.payload).toMatchObject({ status: 'ok' });
    // A tool error about the request itself is the same the second time: not run again.
    const missing = await runChatTurn({ message: 'What happens in scene 99?', sessionId: 'retry-tool-2', toolPolicy: { requireTool: true } }, { ...deps, validateReply: undefined });
    expect(missing.retries).toEqual([]);
    expect(missing.receipts).toHaveLength(1);
    const after = (await opened.traces.getRound(missing.traceRoundId))!.events.find((event) => event.event_type === 'tool.response')!;
    expect(after.payload).toMatchObject({ status: 'tool_error' });
  });

  it('keeps a task on the fallback once it answered, and returns the task’s retries with their reasons', async () => {
    const plan = { summary: 'Note the eye colour', risks: [], batch: [] };
    const batch = { batch: [{ op: 'issue.create', params: { title: 'Eyes', body: 'Grey, per the card.' }, idempotencyKey: 'eyes-1' }] };
    const primary = new ScriptedModel([{ status: 503, message: 'overloaded' }, { content: 'never asked' }], { name: 'local' });
    const fallback = new ScriptedModel([{ content: JSON.stringify(plan) }, { content: JSON.stringify({ batch: [{ op: 'file.shred', params: {} }] }) }, { content: JSON.stringify(batch) }], { name: 'backup' });
    const opened = await open(primary, fallback);
    const outcome = await executeTask('Note Hester’s eye colour as an issue', taskDependencies(opened, { modelOptions: { sleep: async () => undefined } }));
    expect(outcome.batch).toHaveLength(1);
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(3);
    expect(outcome.retries).toHaveLength(1);
    expect(outcome.retries![0]).toMatchObject({ kind: 'output', target: 'batch' });
    const { events } = (await opened.traces.getRound(outcome.traceRoundId))!;
    const retried = events.filter((event) => event.event_type === 'validator.ran' && event.payload['status'] === 'retry').map((event) => event.payload['validator_id']);
    expect(retried).toContain('task_batch');
  });
});
