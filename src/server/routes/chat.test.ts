import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../protocol/index.js';
import { findToolNonce, type ScriptedStep } from '../../adapters/scripted-model/index.js';
import { openRouteFixture, readEvents, type RouteFixture } from '../testing/route-fixture.js';

let fixture: RouteFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const CARD = 'Compendium/Characters/CHAR-hester-vane.md';
type Step = ScriptedStep<ModelRequest>;

const call = (tool: string, args: Record<string, unknown>): Step => (request) => ({ content: JSON.stringify({ tool, args, nonce: findToolNonce(request.messages) }) });
const final: Step = (request) => ({ content: JSON.stringify({ action: 'final', nonce: findToolNonce(request.messages) }) });
const receiptsShown = (request: ModelRequest): string[] =>
  request.messages.filter((message) => message.role === 'tool').map((message) => /"receipt_id":"(rcpt_[^"]+)"/.exec(message.content)?.[1] ?? '');
/** The grounded answer, its evidence line opened by `prefix` (`Evidence:`, `- Evidence:`, `**Evidence**:`). */
const answerWith = (prefix: string): Step => (request) => ({
  content: `Hester’s card gives her grey eyes.\n${prefix} content | ${CARD} | "eyes: grey" | receipt ${receiptsShown(request).join(', ')}`,
});
const answer = answerWith('Evidence:');

async function open(script: Step[]): Promise<RouteFixture> {
  fixture = await openRouteFixture({ script });
  return fixture;
}

interface ChatBody {
  content: string;
  evidence: string | null;
  evidenceReport: { ok: boolean; type: string | null; receipts: string[]; locations: Array<{ path: string; startLine: number; endLine: number }> } | null;
  validation: { ok: boolean; issues: Array<{ code: string }> };
  receipts: string[];
  rejections: Array<{ code: string; message: string }>;
  stopHook: string | null;
  traceRoundId: string;
  sessionId: string;
}

describe('POST /api/ai/chat', () => {
  it('runs a grounded turn: a real tool run, a signed receipt, verified evidence and a trace round', async () => {
    const { send, room } = await open([call('file_reader', { path: CARD }), final, answer]);
    const response = await send('POST', '/api/ai/chat', { message: 'What colour are Hester’s eyes?', agentId: 'continuity' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ChatBody;
    expect(body.content).toContain('grey eyes');
    expect(body.evidence).toMatch(/^Evidence: content \| Compendium\/Characters\/CHAR-hester-vane\.md/);
    expect(body.validation).toEqual({ ok: true, issues: [] });
    expect(body.receipts).toHaveLength(1);
    expect(body.rejections).toEqual([]);
    expect(body.stopHook).toBeNull();
    expect(body.sessionId).toMatch(/^chat-/);
    const stored = await room.auditLog.list(body.sessionId);
    expect(stored.map((receipt) => [receipt.receipt_id, receipt.tool_id, receipt.agent_id])).toEqual([[body.receipts[0], 'file_reader', 'continuity']]);
    const traced = await room.traces.getRound(body.traceRoundId);
    expect(traced?.round.status).toBe('ok');
  });

  it.each(['- Evidence:', '**Evidence**:'])('returns the validator’s whole report for an evidence line written %s', async (prefix) => {
    const { send } = await open([call('file_reader', { path: CARD }), final, answerWith(prefix)]);
    const response = await send('POST', '/api/ai/chat', { message: 'Eyes?', agentId: 'continuity' });
    const body = (await response.json()) as ChatBody;
    expect(body.validation).toEqual({ ok: true, issues: [] });
    // The line the validator read, not one found again by a second pattern that misses list and bold forms.
    expect(body.evidence).not.toBeNull();
    expect(body.evidence).toContain(`content | ${CARD} | "eyes: grey"`);
    expect(body.evidenceReport).toMatchObject({ ok: true, type: 'content', receipts: body.receipts });
    const located = body.evidenceReport?.locations.map(({ path, startLine, endLine }) => ({ path, startLine, endLine }));
    expect(located).toEqual([{ path: CARD, startLine: 5, endLine: 5 }]);
  });

  it('streams the turn as server-sent events: receipt, deltas, then done with the full result', async () => {
    const { send } = await open([call('file_reader', { path: CARD }), final, answer]);
    const response = await send('POST', '/api/ai/chat', { message: 'Eyes?', sessionId: 'chat-stream-1', stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(response);
    const names = events.map((event) => event.event);
    expect(names[0]).toBe('receipt');
    expect(names.at(-1)).toBe('done');
    expect(names.filter((name) => name === 'delta').length).toBeGreaterThan(1);
    const done = events.at(-1)!.data as ChatBody;
    expect(done).toMatchObject({ sessionId: 'chat-stream-1', validation: { ok: true } });
    expect(events[0]!.data).toEqual({ receiptId: done.receipts[0], status: 'ok' });
    const streamed = events.filter((event) => event.event === 'delta').map((event) => (event.data as { text: string }).text).join('');
    expect(streamed).toContain('Hester’s card gives her grey eyes.');
  });

  it('reports a refused call (wrong nonce) as a rejection event and a stop hook, running nothing', async () => {
    const forged: Step = () => ({ content: JSON.stringify({ tool: 'file_reader', args: { path: CARD }, nonce: 'forged' }) });
    const { send, room } = await open([forged, forged]);
    const response = await send('POST', '/api/ai/chat', { message: 'Eyes?', sessionId: 'chat-forged', stream: true });
    const events = await readEvents(response);
    expect(events.filter((event) => event.event === 'rejection').map((event) => event.data)).toEqual([{ code: 'tool_call_nonce_invalid' }, { code: 'tool_call_nonce_invalid' }]);
    const done = events.at(-1)!.data as ChatBody;
    expect(done.stopHook).toBe('tool_call_rejected');
    expect(done.receipts).toEqual([]);
    expect(await room.auditLog.list('chat-forged')).toEqual([]);
  });

  it('makes a raw model call with skipTools', async () => {
    const { send, scripted } = await open([{ content: 'Hello from the model.' }]);
    const body = (await (await send('POST', '/api/ai/chat', { message: 'Say hello', skipTools: true })).json()) as ChatBody;
    expect(body.content).toBe('Hello from the model.');
    expect(scripted?.requests[0]?.messages).toEqual([{ role: 'user', content: 'Say hello' }]);
  });

  it('answers 404 for an unknown agent, before anything is streamed', async () => {
    const { send } = await open([]);
    for (const stream of [false, true]) {
      const response = await send('POST', '/api/ai/chat', { message: 'Hi', agentId: 'nobody', stream });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'agent_not_found' } });
    }
  });

  it.each([
    ['no message', {}],
    ['a message that is not text', { message: 42 }],
    ['an unknown key', { message: 'Hi', temperature: 2 }],
    ['a session id that climbs out', { message: 'Hi', sessionId: '../../etc' }],
    ['a session id with encoded dots', { message: 'Hi', sessionId: '%2e%2e' }],
    ['a session id naming app data', { message: 'Hi', sessionId: '.control-room' }],
    ['an absolute session id', { message: 'Hi', sessionId: '/tmp/x' }],
    ['retries out of range', { message: 'Hi', retries: 9 }],
  ])('refuses %s with 400 invalid_request and the zod issues', async (_label, body) => {
    const { send, scripted } = await open([]);
    const response = await send('POST', '/api/ai/chat', body);
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: { code: string; issues: Array<{ path: unknown[]; message: string }> } }).error;
    expect(error.code).toBe('invalid_request');
    expect(error.issues.length).toBeGreaterThan(0);
    expect(scripted?.requests).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const { send } = await open([]);
    const response = await send('POST', '/api/ai/chat', '{"message": "unfinished', { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });
});

describe('POST /api/ai/chief/route', () => {
  it('routes a request with the task_router tool and leaves a receipt', async () => {
    const { send, room } = await open([]);
    const response = await send('POST', '/api/ai/chief/route', { user_request: 'Is Hester’s eye colour consistent with her card?', sessionId: 'route-test' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { agents: Array<{ id: string }>; evidence_type: string; suggested_tools: string[]; receiptId: string; sessionId: string };
    expect(body.agents.map((agent) => agent.id)).toEqual(['chief', 'continuity']);
    expect(body.suggested_tools).toContain('canon_checker');
    expect(body.sessionId).toBe('route-test');
    const receipts = await room.auditLog.list('route-test');
    expect(receipts.map((receipt) => [receipt.receipt_id, receipt.tool_id])).toEqual([[body.receiptId, 'task_router']]);
  });

  it('refuses a body without user_request, or with a session id that climbs out', async () => {
    const { send } = await open([]);
    for (const body of [{}, { user_request: '' }, { user_request: 'x', sessionId: '..' }, { request: 'x' }]) {
      const response = await send('POST', '/api/ai/chief/route', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
  });
});
