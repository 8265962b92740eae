/**
 * The server end to end (issue 6): the real `control-room serve` process on a free port, real
 * SQLite traces and signed receipts, against a loopback OpenAI-compatible model server — a chat
 * turn and a conference round over HTTP, each as JSON and as server-sent events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_ID_IN_TEXT, type ConferenceEntry, type ConferenceRoundResult } from '../../src/protocol/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { openSqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';
import { readEvents } from '../../src/server/testing/route-fixture.js';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process.js';
import { decide, envelopeCall, groundedAnswer } from './helpers/scripted-turns.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

const CARD = 'Compendium/Characters/CHAR-hester-vane.md';
const EYES = (receipts: string) => `Evidence: content | ${CARD} | "eyes: grey" | receipt ${receipts}`;

/** A phase-2 reply citing the receipts listed in its prompt (phase 2 has no tool messages). */
const phaseTwoAnswer: LoopbackStep = (body) => {
  const prompt = (body.messages ?? []).map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
  const receipts = [...new Set(prompt.match(RECEIPT_ID_IN_TEXT) ?? [])];
  return { content: `Hester’s card is clear: her eyes are grey.\n${EYES(receipts.join(', '))}` };
};
const chatTurn = (): LoopbackStep[] => [envelopeCall('file_reader', { path: CARD }), decide({ action: 'final' }), groundedAnswer('Hester’s card gives her grey eyes.', EYES)];
/** Phase 1 (one lookup), then the Chief, Continuity and the Line Editor (who abstains). */
const conferenceRound = (): LoopbackStep[] => [envelopeCall('file_reader', { path: CARD }), decide({ action: 'final' }), phaseTwoAnswer, phaseTwoAnswer, { content: 'ABSTAIN' }];

let model: LoopbackModelServer;
let workspace: { dir: string; cleanup: () => Promise<void> };
let server: ServerProcess;

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-server-');
  model = await startLoopbackModelServer([...chatTurn(), ...chatTurn(), ...conferenceRound(), ...conferenceRound()]);
  server = await startServerProcess(['serve', '--workspace', workspace.dir, '--port', '0'], {
    env: { CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' },
  });
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
  await workspace?.cleanup();
});

const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('control-room serve against a model server', () => {
  it('listens on 127.0.0.1 and reports the live model', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.stdout()).toContain(`live: model "loopback-model" at ${model.baseUrl}`);
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, mode: 'live', model: { reachable: true, baseUrl: model.baseUrl, model: 'loopback-model' } });
  });

  it('runs a chat turn as JSON, then streamed as server-sent events', async () => {
    const plain = (await (await post('/api/ai/chat', { message: 'What colour are Hester’s eyes?', sessionId: 'e2e-chat' })).json()) as { validation: { ok: boolean }; receipts: string[]; evidence: string };
    expect(plain.validation.ok).toBe(true);
    expect(plain.receipts).toHaveLength(1);
    expect(plain.evidence).toContain('"eyes: grey"');
    const streamed = await post('/api/ai/chat', { message: 'And again?', sessionId: 'e2e-chat', stream: true });
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(streamed);
    expect(events[0]?.event).toBe('receipt');
    expect(events.some((event) => event.event === 'delta')).toBe(true);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ validation: { ok: true }, sessionId: 'e2e-chat' });
    const receipts = (await (await fetch(`${server.url}/api/audit/sessions/e2e-chat/receipts`)).json()) as { receipts: Array<{ verified: boolean }> };
    expect(receipts.receipts.map((receipt) => receipt.verified)).toEqual([true, true]);
  });

  it('runs conference rounds as JSON and streamed, one entry event per agent', async () => {
    const conference = (await (await post('/api/conferences', { attendees: ['line-editor', 'continuity'] })).json()) as { id: string; attendees: string[] };
    expect(conference.attendees).toEqual(['chief', 'continuity', 'line-editor']);
    const first = (await (await post(`/api/conferences/${conference.id}/rounds`, { message: 'Are Hester’s eyes consistent?' })).json()) as ConferenceRoundResult;
    expect(first.toolExecutions).toBe(1);
    expect(first.entries.map((entry) => [entry.agentId, entry.status])).toEqual([['chief', 'responded'], ['continuity', 'responded'], ['line-editor', 'abstained']]);
    const streamed = await post(`/api/conferences/${conference.id}/rounds`, { message: 'Check once more.', stream: true });
    const events = await readEvents(streamed);
    expect(events.map((event) => event.event)).toEqual(['phase', 'receipt', 'phase', 'entry', 'entry', 'entry', 'closed', 'done']);
    const entries = events.filter((event) => event.event === 'entry').map((event) => event.data as ConferenceEntry & { card: string });
    expect(entries.map((entry) => [entry.agentId, entry.card])).toEqual([['chief', 'Moderator'], ['continuity', 'Participant'], ['line-editor', 'Abstained']]);
    const read = (await (await fetch(`${server.url}/api/conferences/${conference.id}`)).json()) as { rounds: number; transcript: ConferenceRoundResult[] };
    expect(read.rounds).toBe(2);
    expect(read.transcript.map((round) => round.message)).toEqual(['Are Hester’s eyes consistent?', 'Check once more.']);
  });

  it('shuts down cleanly on SIGTERM, with every round in the trace database', async () => {
    expect(await server.stop()).toBe(0);
    const store = await openSqliteTraceStore(workspace.dir);
    try {
      const rounds = await store.listRounds();
      expect(rounds).toHaveLength(4);
      expect(rounds.every((round) => round.status === 'ok')).toBe(true);
    } finally {
      await store.close();
    }
    expect(model.remaining()).toBe(0);
  });
});
