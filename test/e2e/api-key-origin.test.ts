/**
 * A stored API key goes only to the origin it was saved for (issue 13): moving an endpoint to
 * another server forgets the key — nothing reaches the new server, not even the probe of the same
 * request — and an error body that echoes the key is scrubbed before it reaches the answer, the
 * traces or the disk. Real server on 127.0.0.1, real stores, recording model servers on loopback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startControlRoomServer, type RunningServer } from '../../src/server/start-server.js';
import { readAppData, sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

interface Recorder {
  baseUrl: string;
  /** Every Authorization header received, with the path it came with. */
  seen: Array<{ path: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

type ChatAnswer = (authorization: string | undefined, count: number) => { status: number; body: string };

const completion = (text: string) => JSON.stringify({ id: 'c1', object: 'chat.completion', model: 'loopback-model', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] });
const answersPolitely: ChatAnswer = () => ({ status: 200, body: completion('The lamp room is on the fourth floor.') });

/** A model server on loopback that records who sent which key, and answers as told. */
async function recordingModelServer(chat: ChatAnswer = answersPolitely): Promise<Recorder> {
  const seen: Recorder['seen'] = [];
  let count = 0;
  const server: Server = createServer((request, response) => {
    const authorization = request.headers.authorization;
    seen.push({ path: request.url ?? '', authorization });
    request.resume();
    request.on('end', () => {
      if (request.method === 'GET' && request.url === '/v1/models') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'loopback-model' }] }));
        return;
      }
      const reply = chat(authorization, count++);
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const toClose: Array<{ close(): Promise<void> }> = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const item of toClose.splice(0).reverse()) await item.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function recorder(chat?: ChatAnswer): Promise<Recorder> {
  const created = await recordingModelServer(chat);
  toClose.push(created);
  return created;
}

async function serve(endpoint: Record<string, unknown>, env: Record<string, string> = {}, agents: Record<string, unknown> = {}): Promise<{ server: RunningServer; dir: string }> {
  const workspace = await sampleWorkspace('cr-e2e-key-origin-');
  cleanups.push(workspace.cleanup);
  await writeEndpoints(workspace.dir, { model: 'loopback-model', ...endpoint }, agents);
  const server = await startControlRoomServer({ workspace: workspace.dir, port: 0, host: '127.0.0.1', allowRemote: false, demo: false, env, webRoot: null });
  toClose.push(server);
  return { server, dir: workspace.dir };
}

/** What the web app sends. */
async function call(server: RunningServer, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-control-room': '1', origin: server.url },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text() };
}

const keysSentTo = (server: Recorder) => server.seen.map((entry) => entry.authorization).filter((value) => value !== undefined);

describe('a stored key goes only to the origin it was saved for', () => {
  it('forgets the default key when the base URL moves to another server, sending it nothing — probe, chat or later', async () => {
    const key = 'sk-proj-OldServerKey-9f8e7d6c5b4a3210';
    const [saved, moved] = [await recorder(), await recorder()];
    const { server, dir } = await serve({ baseUrl: saved.baseUrl, apiKey: key });
    expect(server.mode).toBe('live');
    expect(keysSentTo(saved)).toContain(`Bearer ${key}`);

    const change = await call(server, 'PUT', '/api/settings/models', { default: { baseUrl: moved.baseUrl } });
    expect(change.status).toBe(200);
    const settings = JSON.parse(change.text) as { agents: Array<{ agentId: string; keyState: string }>; forgottenKeys?: string[] };
    expect(settings.forgottenKeys).toEqual(['default']);
    expect(settings.agents.every((agent) => agent.keyState === 'none')).toBe(true);
    expect(change.text).not.toContain(key);

    const chat = await call(server, 'POST', '/api/ai/chat', { message: 'Where is the lamp room?', skipTools: true });
    expect(chat.status).toBe(200);
    expect(moved.seen.length).toBeGreaterThanOrEqual(2);
    expect(keysSentTo(moved)).toEqual([]);
    const written = (await readAppData(dir)).find((file) => file.file.endsWith('agent-endpoints.json'))!;
    expect(written.text).not.toContain(key);

    // Entered again for the new server, the key goes there — and only there.
    const second = 'sk-proj-NewServerKey-0a1b2c3d4e5f6789';
    expect((await call(server, 'PUT', '/api/settings/models', { default: { baseUrl: moved.baseUrl, apiKey: second } })).status).toBe(200);
    expect((await call(server, 'POST', '/api/ai/chat', { message: 'And the stair?', skipTools: true })).status).toBe(200);
    expect(keysSentTo(moved).at(-1)).toBe(`Bearer ${second}`);
    expect(keysSentTo(saved)).not.toContain(`Bearer ${second}`);
  }, 60_000);

  it('never lends the default key to an agent pointed at its own server, nor an agent’s key to the default’s new server', async () => {
    const key = 'gsk_DefaultKey_4ivPq7Rr2Lm0Tx8Vw6Yz';
    const agentKey = 'gsk_AgentKey_Lm0Tx8Vw6Yz3Nb1Ck5Hd9';
    const [main, own, next] = [await recorder(), await recorder(), await recorder()];
    const { server } = await serve({ baseUrl: main.baseUrl, apiKey: key }, {}, { continuity: { apiKey: agentKey } });

    const moved = await call(server, 'PUT', '/api/settings/models', { agents: { editor: { baseUrl: own.baseUrl } } });
    const editor = (JSON.parse(moved.text) as { agents: Array<{ agentId: string; keyState: string }> }).agents.find((agent) => agent.agentId === 'editor');
    expect(editor?.keyState).toBe('withheld');
    expect((await call(server, 'POST', '/api/ai/chat', { message: 'Check the dock scene.', agentId: 'editor', skipTools: true })).status).toBe(200);
    expect(own.seen.length).toBeGreaterThanOrEqual(2);
    expect(keysSentTo(own)).toEqual([]);

    // The default moves: its key and continuity's own key (bound to the default's server) are both forgotten.
    const change = JSON.parse((await call(server, 'PUT', '/api/settings/models', { default: { baseUrl: next.baseUrl } })).text) as { forgottenKeys?: string[] };
    expect(change.forgottenKeys?.sort()).toEqual(['continuity', 'default']);
    expect((await call(server, 'POST', '/api/ai/chat', { message: 'Is the timeline right?', agentId: 'continuity', skipTools: true })).status).toBe(200);
    expect(keysSentTo(next)).toEqual([]);
    expect(keysSentTo(own)).toEqual([]);
  }, 60_000);

  it('keeps the environment’s key for the server it was given with, whatever the settings say later', async () => {
    const key = 'hf_EnvironmentKey_QwErTyUiOpAsDfGh';
    const [first, other] = [await recorder(), await recorder()];
    const { server } = await serve({ baseUrl: first.baseUrl }, { CONTROL_ROOM_LLM_API_KEY: key });
    expect(keysSentTo(first)).toContain(`Bearer ${key}`);
    expect((await call(server, 'PUT', '/api/settings/models', { default: { baseUrl: other.baseUrl } })).status).toBe(200);
    expect((await call(server, 'POST', '/api/ai/chat', { message: 'Hello there.', skipTools: true })).status).toBe(200);
    expect(other.seen.length).toBeGreaterThanOrEqual(2);
    expect(keysSentTo(other)).toEqual([]);
  }, 60_000);
});

/** The ways a hostile or careless server echoes the key it was sent. */
function echoOf(authorization: string | undefined, count: number): { status: number; body: string } {
  const key = (authorization ?? '').replace(/^Bearer /, '');
  const forms = [
    JSON.stringify({ error: { message: `Incorrect API key provided: ${key}. You can find your API key at https://example.test/keys.`, type: 'invalid_request_error', code: 'invalid_api_key' } }),
    JSON.stringify({ error: `Unauthorized: got header "${authorization}"` }),
    `<html><body>401: ${key.toUpperCase()} is not valid</body></html>`,
    JSON.stringify({ message: `token ${Buffer.from(key).toString('base64')} (hex ${Buffer.from(key).toString('hex')}) refused` }),
    JSON.stringify({ error: { message: `key ${key.slice(0, 20)}… expired` } }),
  ];
  return { status: count % 2 === 0 ? 401 : 403, body: forms[count % forms.length]! };
}

function leaked(text: string, key: string): string | null {
  const lower = text.toLowerCase();
  for (let start = 0; start + 8 <= key.length; start += 1) if (lower.includes(key.slice(start, start + 8).toLowerCase())) return key.slice(start, start + 8);
  for (const form of [Buffer.from(key).toString('base64').slice(0, -2), Buffer.from(key).toString('hex')]) if (text.includes(form)) return form;
  return null;
}

describe('an error body that echoes the key', () => {
  it('is scrubbed from the answer, the streamed answer, the traces and every file on disk', async () => {
    const key = 'sk-live-EchoedKey-51HqLyjWDarjtT1zdp7dcX';
    const hostile = await recorder(echoOf);
    const { server, dir } = await serve({ baseUrl: hostile.baseUrl, apiKey: key }, { CONTROL_ROOM_FALLBACK_MODEL: 'loopback-fallback' });
    const answers: string[] = [];
    for (const [index, message] of ['Where is the lamp room?', 'Who keeps the locket?', 'What colour are Hester’s eyes?'].entries()) {
      const plain = await call(server, 'POST', '/api/ai/chat', { message, sessionId: `echo-${index}`, ...(index === 1 ? {} : { skipTools: true }) });
      answers.push(plain.text);
      const streamed = await call(server, 'POST', '/api/ai/chat', { message, sessionId: `echo-s-${index}`, stream: true });
      answers.push(streamed.text);
    }
    expect(hostile.seen.filter((entry) => entry.path.endsWith('/chat/completions')).length).toBeGreaterThanOrEqual(6);
    for (const text of answers) expect(leaked(text, key), text.slice(0, 300)).toBeNull();
    expect(answers.join('\n')).toMatch(/401|403/);
    expect(answers.join('\n')).toContain('[redacted]');
    const traces = await call(server, 'GET', '/api/traces/export');
    expect(traces.status).toBe(200);
    expect(leaked(traces.text, key)).toBeNull();
    await server.close();
    for (const file of await readAppData(dir)) {
      if (file.file.endsWith('agent-endpoints.json')) continue; // where the writer saved it
      expect(leaked(file.text, key), file.file).toBeNull();
    }
  }, 90_000);
});
