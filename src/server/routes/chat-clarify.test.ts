import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../protocol/index.js';
import { findToolNonce, type ScriptedStep } from '../../adapters/scripted-model/index.js';
import { openRouteFixture, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const CARD = 'Compendium/Characters/CHAR-hester-vane.md';
const VAGUE = 'Can you fix it and make it better?';
type Step = ScriptedStep<ModelRequest>;

const call: Step = (request) => ({ content: JSON.stringify({ tool: 'file_reader', args: { path: CARD }, nonce: findToolNonce(request.messages) }) });
const final: Step = (request) => ({ content: JSON.stringify({ action: 'final', nonce: findToolNonce(request.messages) }) });
const answer: Step = (request) => {
  const receipts = request.messages.filter((message) => message.role === 'tool').map((message) => /"receipt_id":"(rcpt_[^"]+)"/.exec(message.content)?.[1] ?? '');
  return { content: `Hester’s card gives her grey eyes.\nEvidence: content | ${CARD} | "eyes: grey" | receipt ${receipts.join(', ')}` };
};

interface ChatBody {
  content: string;
  phase: string;
  receipts: string[];
  validation: { ok: boolean };
  traceRoundId: string;
}

async function chat(message: string, sessionId: string, agentId?: string): Promise<ChatBody> {
  const response = await fixture!.send('POST', '/api/ai/chat', { message, sessionId, ...(agentId ? { agentId } : {}) });
  expect(response.status).toBe(200);
  return (await response.json()) as ChatBody;
}

/** The writer's message in the first model request of the turns so far (the tool phase's user message). */
const firstAsk = (requestIndex: number): string => {
  const messages = fixture!.scripted!.requests[requestIndex]!.messages;
  return messages.find((message) => message.role === 'user')!.content;
};

describe('POST /api/ai/chat after clarifying questions', () => {
  it('acts on the original ask joined with the answer, and traces the joined ask', async () => {
    fixture = await openRouteFixture({ script: [call, final, answer] });
    expect((await chat(VAGUE, 'clarify-1')).phase).toBe('clarify');
    expect(fixture.scripted!.requests).toHaveLength(0);
    const body = await chat('Hester’s card: her eye colour', 'clarify-1');
    expect(body.phase).toBe('answer');
    expect(body.receipts).toHaveLength(1);
    expect(body.validation.ok).toBe(true);
    expect(firstAsk(0)).toBe(`${VAGUE}\nHester’s card: her eye colour`);
    const round = await fixture.room.traces.getRound(body.traceRoundId);
    const received = round?.events.find((event) => event.event_type === 'input.received');
    expect(received?.payload).toMatchObject({ raw_text: 'Hester’s card: her eye colour', joined_ask: `${VAGUE}\nHester’s card: her eye colour` });
  });

  it('asks again, with no model call, when the answer still names nothing; passes over an unreadable message in between', async () => {
    fixture = await openRouteFixture({ script: [call, final, answer] });
    await chat(VAGUE, 'clarify-2');
    expect((await chat('the whole thing', 'clarify-2')).phase).toBe('clarify');
    expect((await chat('asdfgh jkl;', 'clarify-2')).phase).toBe('answer');
    expect(fixture.scripted!.requests).toHaveLength(0);
    const body = await chat('Hester’s card', 'clarify-2');
    expect(body.receipts).toHaveLength(1);
    expect(firstAsk(0)).toBe(`${VAGUE}\nthe whole thing\nHester’s card`);
  });

  it('joins nothing once a turn has acted, nor across sessions or agents', async () => {
    fixture = await openRouteFixture({ script: Array.from({ length: 4 }, () => [call, final, answer]).flat() });
    await chat(VAGUE, 'clarify-3');
    await chat('Hester’s card', 'clarify-3');
    await chat('What colour are Hester’s eyes?', 'clarify-3');
    expect(firstAsk(3)).toBe('What colour are Hester’s eyes?');
    await chat(VAGUE, 'clarify-4');
    await chat('What colour are Hester’s eyes?', 'clarify-5');
    expect(firstAsk(6)).toBe('What colour are Hester’s eyes?');
    await chat(VAGUE, 'clarify-6');
    await chat('What colour are Hester’s eyes?', 'clarify-6', 'continuity');
    expect(firstAsk(9)).toBe('What colour are Hester’s eyes?');
  });
});
