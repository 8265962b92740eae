/**
 * The retry policy through a whole 1:1 turn (thinking-router seed): invalid output is asked again,
 * transient failures are sent again, each retry is counted in the result and recorded in the
 * trace with its reason, and once the fallback model has answered the turn stays on it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openControlRoom, type ControlRoom } from '../../src/adapters/compose/index.js';
import { findToolNonce, ScriptedModel } from '../../src/adapters/scripted-model/index.js';
import { runChatTurn } from '../../src/core/loop/index.js';
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
});
