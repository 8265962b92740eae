/**
 * A visible outcome, always (issue 19, items 7 and 8): a message that cannot be a request gets a
 * clarification without any model call (traced as `validator.ran` of the input filter), and a turn
 * or round whose model fails after its retries still ends with one clear entry — what failed and
 * what to do — over HTTP (JSON and SSE) and the CLI, kept in the conversation's transcript.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConferenceRoundResult, ConversationNotice, RoundEvent } from '../../src/protocol/index.js';
import { startLoopbackModelServer, type LoopbackModelServer } from '../../src/adapters/loopback-model-server/index.js';
import { readEvents } from '../../src/server/testing/route-fixture.js';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process.js';
import { runCli } from './helpers/run-cli.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

interface ChatBody {
  content: string;
  stopHook: string | null;
  notice: ConversationNotice | null;
  traceRoundId: string;
  validation: { ok: boolean; issues: Array<{ code: string }> };
}

const UNREADABLE: Array<[string, string]> = [
  ['', 'input_empty'],
  [' \n\t ', 'input_whitespace'],
  ['\u200b\u200b', 'input_whitespace'],
  ['?!?!', 'input_symbols_only'],
  ['🙂🙂', 'input_symbols_only'],
  ['asdfghjkl', 'input_keyboard_mash'],
  ['Sdkfjhsdkjfh jkjk', 'input_keyboard_mash'],
];

let model: LoopbackModelServer;
let workspace: { dir: string; cleanup: () => Promise<void> };
let server: ServerProcess;
const env = () => ({ CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model' });
const modelCalls = () => model.requests.filter((request) => request.method === 'POST').length;

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-outcomes-');
  // Every model call fails: whatever reaches the model must end on a failure notice.
  model = await startLoopbackModelServer(Array.from({ length: 60 }, () => ({ status: 500, message: 'the model crashed' })));
  server = await startServerProcess(['serve', '--workspace', workspace.dir, '--port', '0'], { env: env() });
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
  await workspace?.cleanup();
});

const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function traceEvents(roundId: string): Promise<RoundEvent[]> {
  const response = await fetch(`${server.url}/api/traces/rounds/${roundId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: RoundEvent[] }).events;
}

describe('a message that cannot be a request', () => {
  it.each(UNREADABLE)('%j gets a clarification over HTTP without a model call', async (message, code) => {
    const before = modelCalls();
    const response = await post('/api/ai/chat', { message, sessionId: 'unclear-chat' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ChatBody;
    expect(body).toMatchObject({ stopHook: 'input_unclear', notice: { kind: 'clarification', code } });
    expect(body.content).toBe(body.notice!.action);
    expect(body.content).toMatch(/\?/);
    expect(modelCalls()).toBe(before);
    const events = await traceEvents(body.traceRoundId);
    expect(events.map((event) => event.event_type)).toEqual(['input.received', 'validator.ran', 'output.emitted']);
    expect(events[1]!.payload).toMatchObject({ validator_id: 'input', code, status: 'escalate' });
  });

  it('gets a clarification in a conference round, kept in the transcript, with nothing archived', async () => {
    const conference = (await (await post('/api/conferences', { attendees: ['editor'] })).json()) as { id: string };
    const before = modelCalls();
    const round = (await (await post(`/api/conferences/${conference.id}/rounds`, { message: 'jkjkjk asdf' })).json()) as ConferenceRoundResult;
    expect(round).toMatchObject({ round: 1, issueId: null, stopHook: 'input_unclear', entries: [], notice: { kind: 'clarification', code: 'input_keyboard_mash' } });
    expect(modelCalls()).toBe(before);
    const streamed = await readEvents(await post(`/api/conferences/${conference.id}/rounds`, { message: '...', stream: true }));
    expect(streamed.at(-1)).toMatchObject({ event: 'done', data: { round: 2, notice: { code: 'input_symbols_only' } } });
    const stored = (await (await fetch(`${server.url}/api/conferences/${conference.id}`)).json()) as { rounds: number; transcript: ConferenceRoundResult[] };
    expect(stored.rounds).toBe(2);
    expect(stored.transcript.map((entry) => entry.notice?.code)).toEqual(['input_keyboard_mash', 'input_symbols_only']);
  });

  it('gets a clarification from the CLI, as JSON and as text', async () => {
    const chat = await runCli(['chat', '   ', '--workspace', workspace.dir, '--json'], { env: env() });
    expect(chat.status).toBe(0);
    expect(chat.json()).toMatchObject({ stopHook: 'input_unclear', notice: { kind: 'clarification', code: 'input_whitespace' } });
    const text = await runCli(['chat', 'qwertyuiop', '--workspace', workspace.dir], { env: env() });
    expect(text.stdout).toMatch(/looks like stray keys/);
    const conference = await runCli(['conference', '#!?', '--workspace', workspace.dir, '--json'], { env: env() });
    expect(conference.json()).toMatchObject({ issueId: null, stopHook: 'input_unclear', notice: { code: 'input_symbols_only' } });
  }, 120_000);
});

describe('a turn whose model fails after its retries', () => {
  it('ends a chat turn with what failed and what to do, as JSON and as a stream', async () => {
    const before = modelCalls();
    const body = (await (await post('/api/ai/chat', { message: 'Where does Hester first appear?', sessionId: 'failing-chat' })).json()) as ChatBody;
    expect(modelCalls() - before).toBe(3);
    expect(body).toMatchObject({ stopHook: 'model_unavailable', notice: { kind: 'failure', code: 'model_http_error' } });
    expect(body.content).toContain(body.notice!.message);
    expect(body.content).toContain(body.notice!.action);
    expect(body.notice!.action).toMatch(/Models/);
    const events = await traceEvents(body.traceRoundId);
    expect(events.at(-1)).toMatchObject({ event_type: 'round.failed', payload: { failure_code: 'model_http_error' } });

    const streamed = await readEvents(await post('/api/ai/chat', { message: 'And Owen?', sessionId: 'failing-chat', stream: true }));
    expect(streamed.map((event) => event.event)).not.toContain('error');
    expect(streamed.at(-1)).toMatchObject({ event: 'done', data: { notice: { kind: 'failure', code: 'model_http_error' } } });
    const history = (await (await fetch(`${server.url}/api/chat/sessions/failing-chat`)).json()) as { turns: Array<{ result: ChatBody }> };
    expect(history.turns.map((turn) => turn.result.notice?.kind)).toEqual(['failure', 'failure']);
  });

  it('ends a conference round with a notice instead of an error, and keeps it in the transcript', async () => {
    const conference = (await (await post('/api/conferences', { attendees: ['continuity'] })).json()) as { id: string };
    const response = await post(`/api/conferences/${conference.id}/rounds`, { message: 'Is Hester consistent?' });
    expect(response.status).toBe(200);
    const round = (await response.json()) as ConferenceRoundResult;
    expect(round).toMatchObject({ round: 1, issueId: null, stopHook: 'model_unavailable', notice: { kind: 'failure', code: 'model_http_error' } });
    const streamed = await readEvents(await post(`/api/conferences/${conference.id}/rounds`, { message: 'Again?', stream: true }));
    expect(streamed.map((event) => event.event)).toEqual(['phase', 'closed', 'done']);
    expect(streamed.at(-1)!.data).toMatchObject({ round: 2, notice: { kind: 'failure' } });
    const stored = (await (await fetch(`${server.url}/api/conferences/${conference.id}`)).json()) as { transcript: ConferenceRoundResult[] };
    expect(stored.transcript.map((entry) => entry.notice?.kind)).toEqual(['failure', 'failure']);
    const issues = (await (await fetch(`${server.url}/api/issues`)).json()) as { issues: unknown[] };
    expect(issues.issues).toEqual([]);
  });

  it('ends a CLI turn and round with the notice too', async () => {
    const chat = await runCli(['chat', 'Who is Owen?', '--workspace', workspace.dir, '--json'], { env: env() });
    expect(chat.status).toBe(0);
    expect(chat.json()).toMatchObject({ notice: { kind: 'failure', code: 'model_http_error' } });
    const round = await runCli(['conference', 'Who is Owen?', '--workspace', workspace.dir], { env: env() });
    expect(round.status).toBe(0);
    expect(round.stdout).toMatch(/not archived/);
    expect(round.stdout).toMatch(/couldn't get an answer from the model/);
  }, 120_000);
});
