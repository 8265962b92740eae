import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackServerEmulation } from '../loopback-model-server/index.js';
import { envelopeResponseFormat, schemaLookupFrom } from '../../core/tool-calls/index.js';
import { isControlRoomError, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { probeModelServer } from '../openai-compatible-model/index.js';
import { discoverModelServers } from './discover-model-servers.js';
import { endpointModel } from './endpoint-model.js';
import { identifyServer } from './identify-server.js';
import { ServerAwareModel } from './server-aware-model.js';

const servers: Array<Pick<LoopbackModelServer, 'close'>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(emulate: LoopbackServerEmulation, replies = 0, models = ['qwen3:8b']): Promise<LoopbackModelServer> {
  const server = await startLoopbackModelServer(Array.from({ length: replies }, () => ({ content: 'ok' })), { models, emulate });
  servers.push(server);
  return server;
}

describe('identifyServer and the context window of each server', () => {
  it.each([
    [{ kind: 'lmstudio', contextLength: 32768, loadedContextLength: 8192 }, 'lmstudio', 8192, /LM Studio: raise the model's Context Length/],
    [{ kind: 'lmstudio', contextLength: 32768 }, 'lmstudio', 32768, /Context Length/],
    [{ kind: 'ollama', contextLength: 40960 }, 'ollama', 40960, /num_ctx/],
    [{ kind: 'llamacpp', contextLength: 4096 }, 'llamacpp', 4096, /--ctx-size/],
    [{ kind: 'vllm', contextLength: 16384 }, 'vllm', 16384, /--max-model-len/],
    [{ kind: 'jan', contextLength: 8192 }, 'jan', 8192, /Jan/],
    [{ kind: 'koboldcpp', contextLength: 12288 }, 'koboldcpp', 12288, /--contextsize/],
  ] as const)('%o is %s with a window of %i tokens', async (emulate, kind, tokens, setting) => {
    const server = await serve(emulate);
    const facts = await identifyServer(server.baseUrl);
    expect(facts).toMatchObject({ kind, reachable: true });
    expect(facts.models.map((model) => model.id)).toEqual(['qwen3:8b']);
    const model = endpointModel({ baseUrl: server.baseUrl, apiKey: null }, 'qwen3:8b');
    const window = await model.contextWindow!();
    expect(window).toMatchObject({ tokens });
    expect(window?.setting).toMatch(setting);
  });

  it('knows no window for a server that does not say, and reports an unreachable one', async () => {
    const server = await serve({ kind: 'openai' });
    expect(await endpointModel({ baseUrl: server.baseUrl, apiKey: null }, 'qwen3:8b').contextWindow!()).toBeNull();
    await server.close();
    expect(await identifyServer(server.baseUrl)).toMatchObject({ reachable: false });
  });

  it('takes an Ollama model\'s own num_ctx as the window of its OpenAI-compatible endpoint', async () => {
    const server = await serve({ kind: 'ollama', contextLength: 40960, numCtx: 8192 });
    const model = endpointModel({ baseUrl: server.baseUrl, apiKey: null }, 'qwen3:8b') as ServerAwareModel;
    expect(await model.server()).toMatchObject({ kind: 'ollama', name: 'Ollama', defaultWindowTokens: 8192, window: { tokens: 40960 } });
  });
});

describe('Ollama: prompts too long for its default window go through /api/chat with num_ctx', () => {
  it('sends a short prompt to /v1 and a long one natively, with num_ctx and the schema as format', async () => {
    const server = await serve({ kind: 'ollama', contextLength: 40960 }, 3);
    const model = endpointModel({ baseUrl: server.baseUrl, apiKey: null }, 'qwen3:8b');
    await model.complete({ messages: [{ role: 'user', content: 'Short question.' }] });
    const format = envelopeResponseFormat({ nonce: 'n', tools: schemaLookupFrom(TOOL_ARG_SCHEMAS) });
    const long = 'The lamp room smelled of paraffin and salt. '.repeat(400);
    const answer = await model.complete({ messages: [{ role: 'system', content: long }, { role: 'user', content: 'Where?' }], responseFormat: format });
    expect(answer.content).toBe('ok');
    const posts = server.requests.filter((request) => request.method === 'POST' && request.path !== '/api/show');
    expect(posts.map((request) => request.path)).toEqual(['/v1/chat/completions', '/api/chat']);
    const native = posts[1]!.body as { options: { num_ctx: number }; format: unknown; stream: boolean };
    expect(native.stream).toBe(false);
    expect(native.format).toEqual(format.json_schema.schema);
    expect(native.options.num_ctx % 2048).toBe(0);
    expect(native.options.num_ctx).toBeGreaterThan(2048);
    expect(native.options.num_ctx).toBeLessThanOrEqual(40960);
  });

  it('maps tool calls and tool results to Ollama\'s shape and reads its thinking and calls back', async () => {
    const server = await startLoopbackModelServer([{ reasoning: 'look it up', toolCalls: [{ name: 'file_reader', arguments: { path: 'Story/a.md' } }] }], { models: ['qwen3:8b'], emulate: { kind: 'ollama', contextLength: 40960 } });
    servers.push(server);
    const model = endpointModel({ baseUrl: server.baseUrl, apiKey: null }, 'qwen3:8b');
    const answer = await model.complete({
      messages: [
        { role: 'system', content: 'x '.repeat(5000) },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'file_locator', arguments: '{"search_criteria":"lamp"}' }] },
        { role: 'tool', toolCallId: 'c1', content: '{"matches":[]}' },
      ],
      tools: [{ name: 'file_reader', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } } } }],
    });
    expect(answer).toMatchObject({ reasoning: 'look it up', toolCalls: [{ name: 'file_reader', arguments: '{"path":"Story/a.md"}' }] });
    const native = server.requests.find((request) => request.path === '/api/chat')!.body as unknown as { messages: Array<Record<string, unknown>>; tools: unknown[] };
    expect(native.messages[1]).toEqual({ role: 'assistant', content: '', tool_calls: [{ function: { name: 'file_locator', arguments: { search_criteria: 'lamp' } } }] });
    expect(native.messages[2]).toEqual({ role: 'tool', content: '{"matches":[]}', tool_name: 'file_locator' });
    expect(native.tools).toHaveLength(1);
  });
});

/** A key whose first characters are its own: a JSON parse error quotes the first ten of a body. */
const KEY = 'Zq8vT2mLr5Nx0Wc7Hd3Yb9KsAa11-ollama';

/** True when the key, or any run of 8 of its characters, is in the text. */
function leaks(text: string): boolean {
  for (let start = 0; start + 8 <= KEY.length; start += 1) if (text.includes(KEY.slice(start, start + 8))) return true;
  return false;
}

/** A loopback server answering each `METHOD path` from the table (404 otherwise), noting the credentials it got. */
async function fakeServer(routes: Record<string, [number, string]>): Promise<{ origin: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    const [status, body] = routes[`${request.method} ${request.url}`] ?? [404, '{"error":"not found"}'];
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Everything of a failure that reaches an answer, a trace or a file. */
function told(error: unknown): string {
  if (!isControlRoomError(error)) throw error;
  return JSON.stringify({ message: error.message, details: error.details, cause: error.cause instanceof Error ? error.cause.message : null });
}

describe('a key a model server echoes in an error is scrubbed, whichever API answered', () => {
  const echo = JSON.stringify({ error: `invalid api key ${KEY} (header was "Bearer ${KEY}")` });

  it('on Ollama\'s native /api/chat (a prompt past its default window) and on /v1/chat/completions', async () => {
    const ollama = await fakeServer({
      'GET /api/tags': [200, JSON.stringify({ models: [{ name: 'qwen3:8b' }] })],
      'POST /api/show': [200, JSON.stringify({ model_info: { 'qwen3.context_length': 40960 }, parameters: '' })],
      'GET /v1/models': [200, JSON.stringify({ data: [{ id: 'qwen3:8b' }] })],
      'POST /api/chat': [401, echo],
      'POST /v1/chat/completions': [401, echo],
    });
    const model = endpointModel({ baseUrl: `${ollama.origin}/v1`, apiKey: KEY }, 'qwen3:8b');
    const long = 'The lamp room smelled of paraffin and salt. '.repeat(400);
    const native = await model.complete({ messages: [{ role: 'system', content: long }, { role: 'user', content: 'Where?' }] }).catch((error: unknown) => error);
    const compatible = await model.complete({ messages: [{ role: 'user', content: 'Short question.' }] }).catch((error: unknown) => error);

    expect(ollama.seen).toContain(`POST /api/chat Bearer ${KEY}`);
    expect(ollama.seen).toContain(`POST /v1/chat/completions Bearer ${KEY}`);
    for (const error of [native, compatible]) {
      expect(error).toMatchObject({ code: 'model_http_error', details: { status: 401 } });
      expect(leaks(told(error)), told(error)).toBe(false);
      expect(told(error)).toContain('[redacted]');
    }
  });

  it('in what identification, discovery and a probe tell of a body they could not read', async () => {
    const garbled = await fakeServer({ 'GET /v1/models': [200, `${KEY} is not a model list`] });
    const facts = await identifyServer(`${garbled.origin}/v1`, { apiKey: KEY });
    expect(facts.error).toMatch(/not JSON/);
    const probe = await probeModelServer(`${garbled.origin}/v1`, { apiKey: KEY });
    expect(probe.error).toMatch(/unreadable model list/);
    const [found] = await discoverModelServers({ configured: [{ baseUrl: garbled.origin, apiKey: KEY }], candidates: [], identify: () => Promise.reject(new Error(`HTTP 401: bad key ${KEY}`)) });
    expect(found?.error).toMatch(/HTTP 401/);
    for (const text of [facts.error!, probe.error!, found!.error!]) expect(leaks(text), text).toBe(false);
  });
});
