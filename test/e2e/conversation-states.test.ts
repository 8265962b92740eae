/**
 * Conversation states for chat and conference rounds (issue 19, item 1) and audio linked both ways
 * (item 5), end to end: the real server and CLI against a loopback model. A state asked for applies
 * at the next round boundary, never mid-round; the state shapes routing (research looks further and
 * escalates to the fallback model sooner, action keeps to the local model); a clip uploaded with a
 * turn or round is named in its trace header and its response, and the clip names the round.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioArtifact, ConferenceRoundResult, RoundHeader } from '../../src/protocol/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackReply } from '../../src/adapters/loopback-model-server/index.js';
import { readEvents } from '../../src/server/testing/route-fixture.js';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process.js';
import { pcmWav } from '../support/pcm-wav.js';
import { roomModel } from './helpers/room-model.js';
import { runCli } from './helpers/run-cli.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

interface ChatBody {
  stateIn: string;
  stateOut: string;
  audioId: string | null;
  receipts: string[];
  traceRoundId: string;
  usedFallback: boolean;
  model: string;
  validation: { ok: boolean };
}
interface StateBody {
  conversationId: string;
  state: string;
  pending: string | null;
  roundOpen: boolean;
  cue: { label: string; description: string };
  states: Array<{ state: string; label: string }>;
}

let model: LoopbackModelServer;
let workspace: { dir: string; cleanup: () => Promise<void> };
let server: ServerProcess;
/** Failures the primary answers before it behaves, and a gate the next reply waits for. */
let primaryFailures = 0;
let hold: Promise<void> | null = null;
const primary = roomModel();
const fallback = roomModel({ signature: 'fallback' });
const env = () => ({ CONTROL_ROOM_LLM_BASE_URL: model.baseUrl, CONTROL_ROOM_LLM_MODEL: 'primary', CONTROL_ROOM_FALLBACK_MODEL: 'fallback' });

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-states-');
  const primarySteps = Array.from({ length: 400 }, () => async (body: Parameters<typeof primary>[0]): Promise<LoopbackReply> => {
    if (hold) await hold;
    if (primaryFailures > 0) {
      primaryFailures -= 1;
      return { status: 503, message: 'busy' };
    }
    return primary(body);
  });
  model = await startLoopbackModelServer({ models: { primary: primarySteps, fallback: Array.from({ length: 100 }, () => fallback) } }, { models: ['primary', 'fallback'] });
  server = await startServerProcess(['serve', '--workspace', workspace.dir, '--port', '0'], { env: env() });
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
  await workspace?.cleanup();
});

const call = (method: string, route: string, body?: unknown) =>
  fetch(`${server.url}${route}`, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const json = async <T,>(response: Response | Promise<Response>): Promise<T> => {
  const answered = await response;
  const body = (await answered.json()) as T;
  if (!answered.ok) throw new Error(`${answered.status}: ${JSON.stringify(body)}`);
  return body;
};
const header = async (roundId: string): Promise<RoundHeader> => (await json<{ round: RoundHeader }>(call('GET', `/api/traces/rounds/${roundId}`))).round;
/** Which models answered, in order, from the recorded chat requests after `from`. */
const modelsSince = (from: number): string[] => model.requests.slice(from).filter((request) => request.method === 'POST').map((request) => String(request.body?.model));

describe('conversation states in 1:1 chat', () => {
  it('starts in default, and a change asked for between turns applies when the next turn starts', async () => {
    const fresh = await json<StateBody>(call('GET', '/api/conversations/chat-states-1/state'));
    expect(fresh).toMatchObject({ state: 'default', pending: null, roundOpen: false, cue: { label: 'Default' } });
    expect(fresh.states.map((cue) => cue.state)).toEqual(['default', 'conversation', 'action', 'research']);
    const asked = await json<StateBody>(call('PUT', '/api/conversations/chat-states-1/state', { state: 'research' }));
    expect(asked).toMatchObject({ state: 'default', pending: 'research' });
    const turn = await json<ChatBody>(call('POST', '/api/ai/chat', { message: 'What colour are Hester’s eyes?', sessionId: 'chat-states-1' }));
    expect(turn).toMatchObject({ stateIn: 'research', stateOut: 'research' });
    expect(await header(turn.traceRoundId)).toMatchObject({ state_in: 'research', state_out: 'research' });
    expect(await json<StateBody>(call('GET', '/api/conversations/chat-states-1/state'))).toMatchObject({ state: 'research', pending: null, cue: { label: 'Research' } });
  });

  it('never changes the state in the middle of a turn: a change asked for meanwhile applies at its end', async () => {
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const running = call('POST', '/api/ai/chat', { message: 'Eyes again?', sessionId: 'chat-states-2', state: 'conversation' });
    let during: StateBody;
    for (;;) {
      during = await json<StateBody>(call('GET', '/api/conversations/chat-states-2/state'));
      if (during.roundOpen) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(during).toMatchObject({ state: 'conversation', roundOpen: true });
    expect(await json<StateBody>(call('PUT', '/api/conversations/chat-states-2/state', { state: 'action' }))).toMatchObject({ state: 'conversation', pending: 'action', roundOpen: true });
    hold = null;
    release();
    const turn = await json<ChatBody>(running);
    expect(turn).toMatchObject({ stateIn: 'conversation', stateOut: 'action' });
    expect(await header(turn.traceRoundId)).toMatchObject({ state_in: 'conversation', state_out: 'action' });
    const next = await json<ChatBody>(call('POST', '/api/ai/chat', { message: 'And once more?', sessionId: 'chat-states-2' }));
    expect(next.stateIn).toBe('action');
  });

  it('research looks further before answering: more lookups than the usual six', async () => {
    const usual = await json<ChatBody>(call('POST', '/api/ai/chat', { message: 'Read the card again and again [lookups:9]', sessionId: 'chat-budget-default' }));
    expect(usual.receipts).toHaveLength(6);
    const research = await json<ChatBody>(call('POST', '/api/ai/chat', { message: 'Read the card again and again [lookups:9]', sessionId: 'chat-budget-research', state: 'research' }));
    expect(research.receipts).toHaveLength(9);
    expect(research.validation.ok).toBe(true);
  });

  it('shapes escalation: default goes to the fallback at once, research after one retry, action stays local', async () => {
    let from = model.requests.length;
    primaryFailures = 1;
    const usual = await json<ChatBody>(call('POST', '/api/ai/chat', { message: 'Eyes? [no-lookup]', sessionId: 'chat-fallback-default' }));
    expect(modelsSince(from).slice(0, 2)).toEqual(['primary', 'fallback']);
    expect(usual.usedFallback).toBe(true);

    from = model.requests.length;
    primaryFailures = 2;
    const research = await json<ChatBody>(call('POST', '/api/ai/chat', { message: 'Eyes? [no-lookup]', sessionId: 'chat-fallback-research', state: 'research' }));
    expect(modelsSince(from).slice(0, 3)).toEqual(['primary', 'primary', 'fallback']);
    expect(research.usedFallback).toBe(true);

    from = model.requests.length;
    primaryFailures = 2;
    const action = await json<ChatBody>(call('POST', '/api/ai/chat', { message: 'Eyes? [no-lookup]', sessionId: 'chat-fallback-action', state: 'action' }));
    expect(modelsSince(from).slice(0, 3)).toEqual(['primary', 'primary', 'primary']);
    expect(modelsSince(from)).not.toContain('fallback');
    expect(action.usedFallback).toBe(false);
  });
});

describe('conversation states in conference rounds', () => {
  it('runs each round in the state fixed at its start, over JSON and SSE', async () => {
    const conference = await json<{ id: string }>(call('POST', '/api/conferences', { attendees: ['continuity'] }));
    await json(call('PUT', `/api/conversations/${conference.id}/state`, { state: 'research' }));
    const first = await json<ConferenceRoundResult>(call('POST', `/api/conferences/${conference.id}/rounds`, { message: 'Are Hester’s eyes consistent?' }));
    expect(first).toMatchObject({ stateIn: 'research', stateOut: 'research' });
    expect(await header(first.traceRoundId)).toMatchObject({ state_in: 'research', conversation_id: conference.id });
    const streamed = await readEvents(await call('POST', `/api/conferences/${conference.id}/rounds`, { message: 'Check once more.', stream: true, state: 'action' }));
    expect(streamed.at(-1)).toMatchObject({ event: 'done', data: { stateIn: 'action', stateOut: 'action' } });
    expect(await json<StateBody>(call('GET', `/api/conversations/${conference.id}/state`))).toMatchObject({ state: 'action' });
  });
});

describe('the state from the command line', () => {
  it('shows and asks for a state, and chat and conference take --state', async () => {
    const cli = (args: string[]) => runCli([...args, '--workspace', workspace.dir, '--json'], { env: env() });
    expect((await cli(['state', 'cli-session'])).json()).toMatchObject({ conversationId: 'cli-session', state: 'default', pending: null });
    expect((await cli(['state', 'cli-session', 'Research'])).json()).toMatchObject({ state: 'default', pending: 'research' });
    const turn = (await cli(['chat', 'Eyes? [no-lookup]', '--session', 'cli-session'])).json<ChatBody>();
    expect(turn).toMatchObject({ stateIn: 'research', stateOut: 'research' });
    const switched = (await cli(['chat', 'Eyes? [no-lookup]', '--session', 'cli-session', '--state', 'conversation'])).json<ChatBody>();
    expect(switched.stateIn).toBe('conversation');
    const round = (await cli(['conference', 'Eyes?', '--agents', 'continuity', '--state', 'research'])).json<ConferenceRoundResult>();
    expect(round.stateIn).toBe('research');
    const human = await runCli(['state', round.conferenceId, '--workspace', workspace.dir]);
    expect(human.stdout).toMatch(/Research — /);
    const refused = await cli(['state', 'cli-session', 'dreaming']);
    expect(refused.status).toBe(2);
    expect(refused.json()).toMatchObject({ error: { code: 'usage_error' } });
    expect((await cli(['state', '../etc'])).json()).toMatchObject({ error: { code: 'conversation_id_invalid' } });
  }, 180_000);
});

describe('audio linked both ways', () => {
  const clip = pcmWav({ sampleRate: 16_000, frames: 1600, sample: (frame) => Math.round(Math.sin(frame / 5) * 8000) });
  const upload = async (): Promise<AudioArtifact> =>
    (await json<{ artifact: AudioArtifact }>(fetch(`${server.url}/api/audio`, { method: 'POST', headers: { 'content-type': 'audio/wav' }, body: clip }))).artifact;

  it('names a chat turn’s clip in its trace header and response, and the clip names the round', async () => {
    const artifact = await upload();
    expect(artifact.round_id).toBeNull();
    const turn = await json<ChatBody>(call('POST', '/api/ai/chat', { message: 'Eyes? [no-lookup]', sessionId: 'voice-chat', audioId: artifact.audio_id }));
    expect(turn.audioId).toBe(artifact.audio_id);
    expect(await header(turn.traceRoundId)).toMatchObject({ audio_id: artifact.audio_id });
    expect((await json<{ artifact: AudioArtifact }>(call('GET', `/api/audio/${artifact.audio_id}`))).artifact.round_id).toBe(turn.traceRoundId);
  });

  it('does the same for a conference round, and refuses a clip that does not exist before anything runs', async () => {
    const artifact = await upload();
    const conference = await json<{ id: string }>(call('POST', '/api/conferences', { attendees: ['editor'] }));
    const round = await json<ConferenceRoundResult>(call('POST', `/api/conferences/${conference.id}/rounds`, { message: 'Eyes?', audioId: artifact.audio_id }));
    expect(round.audioId).toBe(artifact.audio_id);
    expect(await header(round.traceRoundId)).toMatchObject({ audio_id: artifact.audio_id });
    expect((await json<{ artifact: AudioArtifact }>(call('GET', `/api/audio/${artifact.audio_id}`))).artifact.round_id).toBe(round.traceRoundId);
    const before = model.requests.length;
    const missing = await call('POST', '/api/ai/chat', { message: 'Eyes?', audioId: '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'audio_not_found' } });
    const missingRound = await call('POST', `/api/conferences/${conference.id}/rounds`, { message: 'Eyes?', audioId: '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee' });
    expect(missingRound.status).toBe(404);
    expect(model.requests.length).toBe(before);
  });

  it('takes a clip with chat and conference on the command line', async () => {
    const file = path.join(path.dirname(workspace.dir), 'question.wav');
    await fs.writeFile(file, clip);
    const turn = (await runCli(['chat', 'Eyes? [no-lookup]', '--audio', file, '--workspace', workspace.dir, '--json'], { env: env() })).json<ChatBody>();
    expect(turn.audioId).toMatch(/^[0-9a-f-]{36}$/);
    const shown = (await runCli(['audio', 'show', turn.audioId!, '--workspace', workspace.dir, '--json'])).json<AudioArtifact>();
    expect(shown.round_id).toBe(turn.traceRoundId);
    const round = (await runCli(['conference', 'Eyes?', '--agents', 'editor', '--audio', file, '--workspace', workspace.dir, '--json'], { env: env() })).json<ConferenceRoundResult>();
    expect((await runCli(['traces', 'show', round.traceRoundId, '--workspace', workspace.dir, '--json'])).json<{ round: RoundHeader }>().round.audio_id).toBe(round.audioId);
    const notAudio = await runCli(['chat', 'Eyes?', '--audio', path.join(workspace.dir, 'Story/SCN-outline.md'), '--workspace', workspace.dir, '--json'], { env: env() });
    expect(notAudio.json()).toMatchObject({ error: { code: 'audio_not_audio' } });
  }, 120_000);
});
