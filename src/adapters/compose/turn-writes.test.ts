import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRequest, ToolReceipt } from '../../protocol/index.js';
import { runChatTurn, type ChatTurnEvent } from '../../core/loop/index.js';
import { findToolNonce, type ScriptedModel, type ScriptedReply } from '../scripted-model/index.js';
import type { SqliteTraceStore } from '../sqlite-trace-store/index.js';
import type { ControlRoom } from './open-control-room.js';
import { openScriptedSampleRoom, type ScriptedSampleRoom } from './testing/scripted-sample-room.js';

const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';
const SCENE = 'Story/Scenes/SCN-01-the-lamp-room.md';

let sample: ScriptedSampleRoom;
let room: ControlRoom;
let model: ScriptedModel;

beforeEach(async () => {
  sample = await openScriptedSampleRoom('cr-turn-writes-');
  ({ room, model } = sample);
});

afterEach(() => sample.close());

const nonceOf = (request: ModelRequest): string | undefined => findToolNonce(request.messages);
const envelope = (tool: string, args: Record<string, unknown>) => (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ tool, args, nonce: nonceOf(request) }) });
const decide = (decision: Record<string, unknown>) => (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ ...decision, nonce: nonceOf(request) }) });
const receiptsIn = (request: ModelRequest): string => [...new Set(request.messages.map((message) => message.content).join('\n').match(/rcpt_[A-Za-z0-9_-]{10,}/g) ?? [])].join(', ');
const answer = (request: ModelRequest): ScriptedReply => ({ content: `Her eyes are grey.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${receiptsIn(request)}` });

function threeLookups(): void {
  model.push(
    envelope('file_reader', { path: HESTER }),
    decide({ action: 'tool', tool: 'file_reader', args: { path: SCENE, start_line: 1, end_line: 20 } }),
    decide({ action: 'tool', tool: 'file_locator', args: { search_criteria: 'Owen' } }),
    decide({ action: 'final' }),
    answer,
  );
}

describe('a 1:1 turn writes in a few places, not at every event', () => {
  it('writes its receipts in one append, stores no event naming them before, and tells the client only after', async () => {
    threeLookups();
    const order: string[] = [];
    const appendBatch = room.auditLog.appendBatch.bind(room.auditLog);
    const appends = vi.spyOn(room.auditLog, 'appendBatch').mockImplementation(async (receipts: readonly ToolReceipt[]) => {
      const open = await room.traces.listRounds({ conversation_id: 'writes-1' });
      const traced = await room.traces.getRound(open[0]!.round_id);
      // Nothing stored so far names a receipt of this append.
      const named = traced!.events.filter((event) => event.event_type === 'tool.response');
      order.push(`append ${receipts.length} (tool.response stored: ${named.length})`);
      await appendBatch(receipts);
      order.push('durable');
    });
    const events: ChatTurnEvent[] = [];
    const result = await runChatTurn({ message: 'What colour are Hester’s eyes?', agentId: 'continuity', sessionId: 'writes-1', onEvent: (event) => events.push(event) }, room.turnDependencies());
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.receipts).toHaveLength(3);
    expect(appends).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['append 3 (tool.response stored: 0)', 'durable']);
    expect(events.filter((event) => event.type === 'receipt').map((event) => (event as { receiptId: string }).receiptId)).toEqual(result.receipts);
    expect((await room.auditLog.verifiedList('writes-1')).map((receipt) => receipt.receipt_id)).toEqual(result.receipts);
    const traced = (await room.traces.getRound(result.traceRoundId))!;
    expect(traced.round.status).toBe('ok');
    expect(traced.events.map((event) => event.event_seq)).toEqual(traced.events.map((_, index) => index + 1));
    expect(traced.events.map((event) => event.event_type)).toEqual([
      'input.received',
      ...Array.from({ length: 3 }, () => ['llm.request', 'llm.response', 'validator.ran', 'tool.request', 'tool.response']).flat(),
      'llm.request', 'llm.response', 'validator.ran',
      'llm.request', 'llm.response', 'validator.ran',
      'output.emitted',
    ]);
    const responses = traced.events.filter((event) => event.event_type === 'tool.response').map((event) => event.payload['receipt_id']);
    expect(responses).toEqual(result.receipts);
  });

  it('commits a turn in a handful of trace transactions, however many events it has', async () => {
    threeLookups();
    const store = room.traces as unknown as SqliteTraceStore;
    const before = store.stats.flushes;
    const result = await runChatTurn({ message: 'What colour are Hester’s eyes?', agentId: 'continuity', sessionId: 'writes-2' }, room.turnDependencies());
    const events = (await room.traces.getRound(result.traceRoundId))!.events.length;
    expect(events).toBeGreaterThan(20);
    // Begin, the tool phase (after its receipts), the end of the turn; reads may flush once more.
    expect(store.stats.flushes - before).toBeLessThanOrEqual(4);
  });

  it('keeps the receipts of tools that ran when the model fails later in the turn', async () => {
    model.push(envelope('file_reader', { path: HESTER }), decide({ action: 'tool', tool: 'file_locator', args: { search_criteria: 'Owen' } }), { error: 'model_http_error' });
    const result = await runChatTurn({ message: 'Where is Owen?', agentId: 'continuity', sessionId: 'writes-3' }, { ...room.turnDependencies(), modelOptions: { transientRetries: 0 } });
    expect(result.stopHook).toBe('model_unavailable');
    const stored = await room.auditLog.verifiedList('writes-3');
    expect(stored).toHaveLength(2);
    const traced = (await room.traces.getRound(result.traceRoundId))!;
    expect(traced.round.status).toBe('failed');
    expect(traced.events.filter((event) => event.event_type === 'tool.response').map((event) => event.payload['receipt_id'])).toEqual(stored.map((receipt) => receipt.receipt_id));
    expect(traced.events.at(-1)!.event_type).toBe('round.failed');
  });
});
