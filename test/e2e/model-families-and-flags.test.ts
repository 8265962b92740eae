/**
 * Provider-specific parsing in cascade mode (issue 19, item 3), feature flags (item 6) and audio
 * retention that runs by itself (item 5), end to end against the real server and CLI. Each model
 * family's own text call format is read — with the turn's nonce only — by the parser chosen from
 * the answering model's name, and the parser follows the agent when its model is switched in the
 * settings while the server runs. The tools-only and text-only switches roll the cascade back; the
 * flags show over HTTP and the CLI; expired clips go when the server starts.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AudioArtifact, RoundEvent } from '../../src/protocol/index.js';
import { findToolNonce } from '../../src/adapters/scripted-model/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackReply, type LoopbackRequestBody, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process.js';
import { pcmWav } from '../support/pcm-wav.js';
import { HESTER_EVIDENCE } from './helpers/room-model.js';
import { runCli } from './helpers/run-cli.js';
import { sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

const CARD = 'Compendium/Characters/CHAR-hester-vane.md';
const json = (value: unknown) => JSON.stringify(value);

/** How each family writes the file_reader call in text, with a nonce. */
const WRITE_CALL: Record<string, (nonce: string) => string> = {
  qwen: (nonce) => `Let me look.\n<tool_call>\n${json({ name: 'file_reader', arguments: { path: CARD }, nonce })}\n</tool_call>`,
  mistral: (nonce) => `[TOOL_CALLS]file_reader[ARGS]${json({ path: CARD, nonce })}`,
  llama: (nonce) => `<|python_tag|>${json({ name: 'file_reader', parameters: { path: CARD, nonce } })}<|eom_id|>`,
  deepseek: (nonce) => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>file_reader\n\`\`\`json\n${json({ path: CARD, nonce })}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  'gpt-oss': (nonce) => `<|channel|>analysis<|message|>Read the card.<|end|><|start|>assistant<|channel|>commentary to=functions.file_reader <|constrain|>json<|message|>${json({ path: CARD, nonce })}<|call|>`,
  glm: (nonce) => `<tool_call>file_reader\n<arg_key>path</arg_key>\n<arg_value>${CARD}</arg_value>\n<arg_key>nonce</arg_key>\n<arg_value>${nonce}</arg_value>\n</tool_call>`,
};
const MODEL_OF: Record<string, string> = { qwen: 'qwen2.5-7b-instruct', mistral: 'mistral-small-3.2', llama: 'llama3.1:8b', deepseek: 'deepseek-chat', 'gpt-oss': 'openai/gpt-oss-20b', glm: 'glm-4.5-air' };

const receiptsIn = (body: LoopbackRequestBody): string[] => [...new Set(JSON.stringify(body.messages).match(/rcpt_[A-Za-z0-9_-]{10,}/g) ?? [])];
const nonceOf = (body: LoopbackRequestBody): string => findToolNonce(body.messages as never) ?? '';
const toolMessages = (body: LoopbackRequestBody): number => (body.messages ?? []).filter((message) => message.role === 'tool').length;

/** A model of one family: its call in its own format (or `call` to choose), then final, then a grounded answer. */
function familyModel(family: string, call: (body: LoopbackRequestBody) => LoopbackReply = (body) => ({ content: WRITE_CALL[family]!(nonceOf(body)) })): LoopbackStep {
  return (body) => {
    const last = String(body.messages?.at(-1)?.content ?? '');
    if (/Now answer the writer|No more lookups/.test(last)) return { content: `Hester’s card gives her grey eyes.\n${HESTER_EVIDENCE(receiptsIn(body).join(', '))}` };
    if (toolMessages(body) > 0) return { content: json({ action: 'final', nonce: nonceOf(body) }) };
    return call(body);
  };
}
const many = (step: LoopbackStep, count = 40): LoopbackStep[] => Array.from({ length: count }, () => step);

interface ChatBody {
  receipts: string[];
  rejections: Array<{ code: string }>;
  channel: string | null;
  stopHook: string | null;
  traceRoundId: string;
  model: string;
  validation: { ok: boolean };
}

let model: LoopbackModelServer | undefined;
let workspace: { dir: string; cleanup: () => Promise<void> } | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  await model?.close();
  await workspace?.cleanup();
  server = model = workspace = undefined;
});

async function start(script: Parameters<typeof startLoopbackModelServer>[0], endpoint: Record<string, unknown>, env: Record<string, string> = {}) {
  workspace = await sampleWorkspace('cr-e2e-families-');
  model = await startLoopbackModelServer(script, { models: Object.keys((script as { models: object }).models) });
  await writeEndpoints(workspace.dir, { baseUrl: model.baseUrl, profile: 'cascade', ...endpoint });
  return async (extraEnv: Record<string, string> = {}) => {
    server = await startServerProcess(['serve', '--workspace', workspace!.dir, '--port', '0'], { env: { CONTROL_ROOM_LLM_BASE_URL: '', CONTROL_ROOM_LLM_MODEL: '', ...env, ...extraEnv } });
    return server;
  };
}
const call = (method: string, route: string, body?: unknown) =>
  fetch(`${server!.url}${route}`, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const chat = async (message: string, sessionId: string): Promise<ChatBody> => (await (await call('POST', '/api/ai/chat', { message, sessionId })).json()) as ChatBody;
const responseEvents = async (roundId: string): Promise<RoundEvent[]> =>
  ((await (await call('GET', `/api/traces/rounds/${roundId}`)).json()) as { events: RoundEvent[] }).events.filter((event) => event.event_type === 'llm.response');

describe('provider-specific parsing in cascade mode', () => {
  it('reads the agent’s family format with the nonce, and follows the agent when its model changes', async () => {
    // After the switch, the Mistral model first writes Qwen's format (refused), then its own (run).
    let mistralFirst = true;
    const mistral = familyModel('mistral', (body) => {
      if (mistralFirst) {
        mistralFirst = false;
        return { content: WRITE_CALL['qwen']!(nonceOf(body)) };
      }
      return { content: WRITE_CALL['mistral']!(nonceOf(body)) };
    });
    const boot = await start({ models: { [MODEL_OF['qwen']!]: many(familyModel('qwen')), [MODEL_OF['mistral']!]: many(mistral) } }, { model: MODEL_OF['qwen'] });
    await boot();
    const qwen = await chat('What colour are Hester’s eyes?', 'family-switch');
    expect(qwen).toMatchObject({ channel: 'text', stopHook: null, rejections: [], validation: { ok: true }, model: MODEL_OF['qwen'] });
    expect(qwen.receipts).toHaveLength(1);
    expect((await responseEvents(qwen.traceRoundId))[0]!.payload).toMatchObject({ parser: 'qwen' });

    const saved = await call('PUT', '/api/settings/models', { agents: { chief: { model: MODEL_OF['mistral'] } } });
    expect(saved.status).toBe(200);
    const switched = await chat('And now?', 'family-switch');
    expect(switched.model).toBe(MODEL_OF['mistral']);
    expect(switched.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_format']);
    expect(switched.receipts).toHaveLength(1);
    expect((await responseEvents(switched.traceRoundId)).map((event) => event.payload['parser'])).toContain('mistral');
    // The tools were offered natively too: cascade mode keeps the native channel first.
    expect(model!.requests.find((request) => request.method === 'POST')!.body!['tools']).toBeDefined();
  });

  it('runs every family’s call only with the turn’s nonce (from the CLI)', async () => {
    const wrongNonce = (family: string) => familyModel(family, () => ({ content: WRITE_CALL[family]!('guessed-nonce') }));
    const script = { models: Object.fromEntries(Object.keys(WRITE_CALL).flatMap((family) => [[MODEL_OF[family]!, many(familyModel(family), 6)], [`${MODEL_OF[family]!}-liar`, many(wrongNonce(family), 6)]])) };
    await start(script, { model: MODEL_OF['qwen'] });
    for (const family of ['llama', 'deepseek', 'gpt-oss', 'glm']) {
      const env = { CONTROL_ROOM_LLM_BASE_URL: model!.baseUrl, CONTROL_ROOM_LLM_MODEL: MODEL_OF[family]! };
      const ok = (await runCli(['chat', 'Eyes?', '--workspace', workspace!.dir, '--json'], { env })).json<ChatBody>();
      expect(ok, family).toMatchObject({ channel: 'text', stopHook: null, validation: { ok: true } });
      expect(ok.receipts, family).toHaveLength(1);
      const refused = (await runCli(['chat', 'Eyes?', '--workspace', workspace!.dir, '--json', '--retries', '0'], { env: { ...env, CONTROL_ROOM_LLM_MODEL: `${MODEL_OF[family]!}-liar` } })).json<ChatBody>();
      expect(refused, family).toMatchObject({ stopHook: 'tool_call_rejected', receipts: [], rejections: [{ code: 'tool_call_nonce_invalid' }] });
    }
  }, 240_000);
});

describe('feature flags', () => {
  it('roll the cascade back to native calls only, switch the input filter off, and show where each value came from', async () => {
    const nativeThenText = familyModel('qwen', (body) =>
      String(body.messages?.find((message) => message.role === 'user')?.content).includes('native')
        ? { toolCalls: [{ name: 'file_reader', arguments: { path: CARD } }] }
        : { content: WRITE_CALL['qwen']!(nonceOf(body)) },
    );
    const boot = await start({ models: { [MODEL_OF['qwen']!]: many(nativeThenText) } }, { model: MODEL_OF['qwen'] });
    await boot({ CONTROL_ROOM_FLAG_CASCADE_CHANNELS: 'tools-only', CONTROL_ROOM_FLAG_INPUT_FILTER: 'off' });
    const flags = (await (await call('GET', '/api/flags')).json()) as { flags: Record<string, unknown>; list: Array<{ name: string; source: string; environment: string }> };
    expect(flags.flags).toMatchObject({ cascadeChannels: 'tools-only', inputFilter: false, audioRetention: true });
    expect(flags.list.find((flag) => flag.name === 'cascadeChannels')).toMatchObject({ source: 'environment', environment: 'CONTROL_ROOM_FLAG_CASCADE_CHANNELS' });
    expect(flags.list.find((flag) => flag.name === 'audioRetention')).toMatchObject({ source: 'default' });

    const native = await chat('Read it natively, please.', 'tools-only');
    expect(native).toMatchObject({ channel: 'tool', stopHook: null });
    expect(native.receipts).toHaveLength(1);
    const text = await chat('Read it from the text.', 'tools-only');
    expect(text).toMatchObject({ stopHook: 'tool_call_rejected', receipts: [] });
    expect(text.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_format', 'tool_call_invalid_format']);
    // With the input filter off, keyboard mash reaches the model.
    const before = model!.requests.length;
    await chat('asdfghjkl', 'tools-only');
    expect(model!.requests.length).toBeGreaterThan(before);

    const cli = await runCli(['flags', '--workspace', workspace!.dir, '--json'], { env: { CONTROL_ROOM_FLAG_CASCADE_CHANNELS: 'text-only' } });
    expect(cli.json()).toMatchObject({ flags: { cascadeChannels: 'text-only' }, sources: { cascadeChannels: 'environment', inputFilter: 'default' } });
    const bad = await runCli(['flags', '--workspace', workspace!.dir, '--json'], { env: { CONTROL_ROOM_FLAG_AUDIO_RETENTION: 'sometimes' } });
    expect(bad.status).toBe(1);
    expect(bad.json()).toMatchObject({ error: { code: 'config_invalid' } });
  }, 120_000);

  it('text-only offers no native tools and reads calls from the text (set in flags.json)', async () => {
    const boot = await start({ models: { [MODEL_OF['qwen']!]: many(familyModel('qwen')) } }, { model: MODEL_OF['qwen'] });
    await fs.mkdir(path.join(workspace!.dir, '.control-room/config'), { recursive: true });
    await fs.writeFile(path.join(workspace!.dir, '.control-room/config/flags.json'), json({ schema_version: 1, flags: { cascadeChannels: 'text-only' } }));
    await boot();
    const turn = await chat('Eyes?', 'text-only');
    expect(turn).toMatchObject({ channel: 'text', stopHook: null });
    for (const request of model!.requests.filter((recorded) => recorded.method === 'POST')) expect(request.body!['tools']).toBeUndefined();
    const flags = (await (await call('GET', '/api/flags')).json()) as { list: Array<{ name: string; source: string; value: unknown }> };
    expect(flags.list.find((flag) => flag.name === 'cascadeChannels')).toMatchObject({ value: 'text-only', source: 'config' });
  });
});

describe('audio retention that runs by itself', () => {
  const clip = pcmWav({ sampleRate: 8000, frames: 800 });
  const addClip = async (extra: string[], env: Record<string, string> = {}): Promise<AudioArtifact> => {
    const file = path.join(path.dirname(workspace!.dir), `clip-${Math.random().toString(36).slice(2)}.wav`);
    await fs.writeFile(file, clip);
    return (await runCli(['audio', 'add', file, ...extra, '--workspace', workspace!.dir, '--json'], { env })).json<AudioArtifact>();
  };

  it('removes expired, unpinned clips when the server starts (and says so), unless the flag is off', async () => {
    const boot = await start({ models: { [MODEL_OF['qwen']!]: many(familyModel('qwen'), 2) } }, { model: MODEL_OF['qwen'] });
    const expired = await addClip([], { AUDIO_RETENTION_DAYS: '0' });
    const pinned = await addClip(['--pin'], { AUDIO_RETENTION_DAYS: '0' });
    const kept = await addClip([]);

    await boot({ CONTROL_ROOM_FLAG_AUDIO_RETENTION: 'off' });
    expect(await (await call('GET', '/api/audio/retention')).json()).toMatchObject({ enabled: false, runs: 0 });
    expect(((await (await call('GET', '/api/audio')).json()) as { clips: unknown[] }).clips).toHaveLength(3);
    await server!.stop();

    await boot();
    const status = (await (await call('GET', '/api/audio/retention')).json()) as { enabled: boolean; runs: number; intervalMs: number; lastReport: { removed: Array<{ audio_id: string }>; kept_pinned: string[] } };
    expect(status).toMatchObject({ enabled: true, intervalMs: 24 * 60 * 60 * 1000 });
    expect(status.runs).toBeGreaterThanOrEqual(1);
    expect(status.lastReport.removed.map((entry) => entry.audio_id)).toEqual([expired.audio_id]);
    expect(status.lastReport.kept_pinned).toEqual([pinned.audio_id]);
    const clips = ((await (await call('GET', '/api/audio')).json()) as { clips: AudioArtifact[] }).clips.map((artifact) => artifact.audio_id).sort();
    expect(clips).toEqual([pinned.audio_id, kept.audio_id].sort());
  }, 120_000);
});
