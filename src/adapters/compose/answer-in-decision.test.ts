import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../protocol/index.js';
import { runChatTurn } from '../../core/loop/index.js';
import { findToolNonce, type ScriptedModel, type ScriptedReply } from '../scripted-model/index.js';
import type { ControlRoom } from './open-control-room.js';
import { openScriptedSampleRoom, type ScriptedSampleRoom } from './testing/scripted-sample-room.js';

const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';

let sample: ScriptedSampleRoom;
let room: ControlRoom;
let model: ScriptedModel;

beforeEach(async () => {
  sample = await openScriptedSampleRoom('cr-answer-in-decision-');
  ({ room, model } = sample);
});

afterEach(() => sample.close());

const nonceOf = (request: ModelRequest): string | undefined => findToolNonce(request.messages);
const receiptsIn = (request: ModelRequest): string => [...new Set(request.messages.map((message) => message.content).join('\n').match(/rcpt_[A-Za-z0-9_-]{10,}/g) ?? [])].join(', ');
const readCard = (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: nonceOf(request) }) });
const locate = (request: ModelRequest): ScriptedReply => ({ content: JSON.stringify({ action: 'tool', tool: 'file_locator', args: { search_criteria: 'Hester' }, nonce: nonceOf(request) }) });
const grounded = (request: ModelRequest): string => `Her eyes are grey.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${receiptsIn(request)}`;
const turn = (sessionId: string) => runChatTurn({ message: 'What colour are Hester’s eyes?', agentId: 'continuity', sessionId }, room.turnDependencies());

describe('a 1:1 turn that ends its tool phase with the answer', () => {
  it('takes k + 1 model calls for k tool calls when the final decision carries a grounded answer', async () => {
    model.push(readCard, locate, (request) => ({ content: JSON.stringify({ action: 'final', nonce: nonceOf(request), answer: grounded(request) }) }));
    const result = await turn('inline-1');
    expect(model.requests).toHaveLength(3);
    expect(result.receipts).toHaveLength(2);
    expect(result.validation).toEqual({ ok: true, issues: [] });
    expect(result.content).toBe(`Her eyes are grey.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${result.receipts.join(', ')}`);
    // The tool phase told the model how to finish, and asked for the answer in the decision schema.
    expect(model.requests[0]!.messages[0]!.content).toContain('"answer":"<your reply to the writer>"');
    const format = model.requests[1]!.responseFormat as unknown as { json_schema: { schema: { required: string[] } } };
    expect(format.json_schema.schema.required).toContain('answer');
    const traced = (await room.traces.getRound(result.traceRoundId))!;
    expect(traced.events.filter((event) => event.event_type === 'llm.request')).toHaveLength(3);
  });

  it('checks the answer like any other: one that fails its evidence gets the one corrective retry', async () => {
    model.push(
      readCard,
      (request) => ({ content: `${JSON.stringify({ action: 'final', nonce: nonceOf(request) })}\nHer eyes are green.\nEvidence: content | ${HESTER} | "eyes: green" | receipt ${receiptsIn(request)}` }),
      (request) => ({ content: grounded(request) }),
    );
    const result = await turn('inline-2');
    expect(model.requests).toHaveLength(3);
    expect(model.requests[2]!.messages.at(-1)!.content).toContain('Your reply failed these checks');
    expect(result.validation.ok).toBe(true);
    expect(result.content).toContain('"eyes: grey"');
  });

  it('asks for the answer as before when the final decision has none', async () => {
    model.push(readCard, (request) => ({ content: JSON.stringify({ action: 'final', nonce: nonceOf(request) }) }), (request) => ({ content: grounded(request) }));
    const result = await turn('inline-3');
    expect(model.requests).toHaveLength(3);
    expect(model.requests[2]!.messages.at(-1)!.content).toContain('Now answer the writer.');
    expect(result.validation.ok).toBe(true);
  });

  it('refuses an answer sent beside another tool call, running nothing for it', async () => {
    model.push(
      readCard,
      (request) => ({ content: JSON.stringify({ action: 'tool', tool: 'file_locator', args: { search_criteria: 'Hester' }, nonce: nonceOf(request), answer: 'Grey.' }) }),
      (request) => ({ content: JSON.stringify({ action: 'final', nonce: nonceOf(request), answer: grounded(request) }) }),
    );
    const result = await turn('inline-4');
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_format']);
    expect(result.receipts).toHaveLength(1);
    expect(result.validation.ok).toBe(true);
  });
});
