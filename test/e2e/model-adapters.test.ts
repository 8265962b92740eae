/**
 * The real OpenAiCompatibleModel against a real HTTP server speaking the chat-completions wire
 * protocol (the loopback model server): text, streams cut at arbitrary bytes, native tool calls,
 * reasoning, what goes on the wire, and every failure code a caller must be able to tell apart.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelDelta, ModelRequest } from '../../src/protocol/index.js';
import { OpenAiCompatibleModel, probeModelServer } from '../../src/adapters/openai-compatible-model/index.js';
import { findToolNonce } from '../../src/adapters/scripted-model/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackScript } from '../../src/adapters/loopback-model-server/index.js';

const servers: LoopbackModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(script: LoopbackScript): Promise<LoopbackModelServer> {
  const server = await startLoopbackModelServer(script);
  servers.push(server);
  return server;
}

const ask = (content: string, extra: Partial<ModelRequest> = {}): ModelRequest => ({ messages: [{ role: 'user', content }], ...extra });

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('OpenAiCompatibleModel over HTTP', () => {
  it('answers a non-streamed text completion', async () => {
    const server = await serve([{ content: 'Mara reaches the harbour on the evening of Day 3.' }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    const response = await model.complete(ask('When does Mara arrive?'));
    expect(response).toMatchObject({
      content: 'Mara reaches the harbour on the evening of Day 3.',
      reasoning: '',
      toolCalls: [],
      finishReason: 'stop',
      model: 'loopback-model',
    });
    expect(response.usage?.completionTokens).toBeGreaterThan(0);
    expect(response.latencyMs).toBeGreaterThanOrEqual(0);
    expect(server.requests[0]!.body).toMatchObject({ model: 'loopback-model', messages: [{ role: 'user', content: 'When does Mara arrive?' }] });
    expect(server.requests[0]!.body).not.toHaveProperty('stream');
  });

  it('streams text in many deltas, including characters cut across network reads', async () => {
    const text = 'The lighthouse keeper — Élodie — hums “Sur le pont” while the tide turns. 🌊 Fin.';
    const server = await serve([{ content: text }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    const deltas: ModelDelta[] = [];
    const response = await model.complete(ask('Describe the keeper.', { stream: true, onDelta: (delta) => deltas.push(delta) }));
    expect(response.content).toBe(text);
    const contentDeltas = deltas.filter((delta) => delta.kind === 'content');
    expect(contentDeltas.length).toBeGreaterThan(10);
    expect(contentDeltas.map((delta) => delta.text).join('')).toBe(text);
    expect(response.usage).toBeDefined();
    expect(server.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(server.requests[0]!.headers['accept']).toBe('text/event-stream');
  });

  it('assembles a streamed native tool call cut across many chunks, and reports it only when complete', async () => {
    const args = { path: 'Story/Scenes/SCN-03-the-locket.md', start_line: 12, end_line: 40, note: 'quote "as is" \\ keep ✓' };
    const server = await serve([{ content: 'Checking the scene.', toolCalls: [{ name: 'file_reader', arguments: args, id: 'call_reader' }] }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model', stream: true });
    const deltas: ModelDelta[] = [];
    const response = await model.complete(ask('Read scene 3.', { onDelta: (delta) => deltas.push(delta) }));
    expect(response.finishReason).toBe('tool_calls');
    expect(response.content).toBe('Checking the scene.');
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]).toMatchObject({ id: 'call_reader', name: 'file_reader' });
    expect(JSON.parse(response.toolCalls[0]!.arguments)).toEqual(args);
    const callDeltas = deltas.filter((delta) => delta.kind === 'tool-call');
    expect(callDeltas.length).toBeGreaterThan(10);
    expect(callDeltas.filter((delta) => delta.name !== undefined)).toEqual([{ kind: 'tool-call', index: 0, id: 'call_reader', name: 'file_reader' }]);
  });

  it('separates reasoning, whether sent as reasoning_content or inside <think> tags', async () => {
    const server = await serve([
      { reasoning: 'The canon says brown eyes.', content: 'Her eyes are brown.' },
      { content: '<think>Check CHAR-mara.md first.</think>\n\nHer eyes are brown.' },
      { content: '<think>Only thinking, no answer.</think>' },
    ]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    const separate = await model.complete(ask('Eye colour?', { stream: true }));
    expect(separate).toMatchObject({ reasoning: 'The canon says brown eyes.', content: 'Her eyes are brown.' });
    const tagged = await model.complete(ask('Eye colour?', { stream: true }));
    expect(tagged).toMatchObject({ reasoning: 'Check CHAR-mara.md first.', content: 'Her eyes are brown.' });
    await expect(model.complete(ask('Eye colour?'))).rejects.toMatchObject({ code: 'model_empty_response' });
  });

  it('sends response_format, tools, tool_choice, tool messages and the API key on the wire', async () => {
    const server = await serve([{ content: '{"action":"final","nonce":"n1"}' }]);
    const model = new OpenAiCompatibleModel({ baseUrl: `${server.baseUrl}/`, model: 'loopback-model', apiKey: 'sk-test-123' });
    const responseFormat = {
      type: 'json_schema' as const,
      json_schema: { name: 'decision', strict: true, schema: { type: 'object', properties: { action: { type: 'string' } }, required: ['action'], additionalProperties: false } },
    };
    const parameters = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'], additionalProperties: false };
    await model.complete({
      messages: [
        { role: 'system', content: 'TOOL_NONCE: n1' },
        { role: 'user', content: 'Where is the locket?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'file_locator', arguments: '{"query":"locket"}' }] },
        { role: 'tool', toolCallId: 'call_1', content: '{"matches":[]}' },
      ],
      responseFormat,
      tools: [{ name: 'file_locator', description: 'Finds files by name or content.', parameters }],
      toolChoice: { name: 'file_locator' },
      temperature: 0.2,
      maxTokens: 256,
    });
    const recorded = server.requests[0]!;
    expect(recorded.path).toBe('/v1/chat/completions');
    expect(recorded.headers['authorization']).toBe('Bearer sk-test-123');
    expect(recorded.body).toEqual({
      model: 'loopback-model',
      messages: [
        { role: 'system', content: 'TOOL_NONCE: n1' },
        { role: 'user', content: 'Where is the locket?' },
        { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'file_locator', arguments: '{"query":"locket"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"matches":[]}' },
      ],
      response_format: responseFormat,
      tools: [{ type: 'function', function: { name: 'file_locator', description: 'Finds files by name or content.', parameters } }],
      tool_choice: { type: 'function', function: { name: 'file_locator' } },
      temperature: 0.2,
      max_tokens: 256,
    });
  });

  it('echoes the turn nonce through a reply function', async () => {
    const server = await serve([(body) => ({ content: JSON.stringify({ tool: 'file_locator', args: { query: 'locket' }, nonce: findToolNonce(body.messages) }) })]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    const response = await model.complete(ask('Find the locket.\nTOOL_NONCE: 7f3a9c\nTOOL_CALL_REQUIRED: true', { stream: true }));
    expect(JSON.parse(response.content)).toEqual({ tool: 'file_locator', args: { query: 'locket' }, nonce: '7f3a9c' });
  });

  it('reports HTTP 500 as a transient model_http_error and 400 as a permanent one', async () => {
    const server = await serve([{ status: 500, message: 'the GPU fell over' }, { status: 400, message: 'context length exceeded' }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    const failure = await model.complete(ask('Hello')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'model_http_error', details: { status: 500, transient: true } });
    expect((failure as Error).message).toContain('the GPU fell over');
    expect((failure as { details: { body: string } }).details.body).toContain('the GPU fell over');
    await expect(model.complete(ask('Hello', { stream: true }))).rejects.toMatchObject({
      code: 'model_http_error',
      details: { status: 400, transient: false },
    });
  });

  it('routes by model name, so a failing primary can be followed by a working fallback', async () => {
    const server = await serve({ models: { primary: [{ status: 503 }], fallback: [{ content: 'Answered by the fallback.' }] } });
    const primary = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'primary' });
    const fallback = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'fallback' });
    await expect(primary.complete(ask('Hi'))).rejects.toMatchObject({ code: 'model_http_error', details: { status: 503, transient: true } });
    await expect(fallback.complete(ask('Hi'))).resolves.toMatchObject({ content: 'Answered by the fallback.', model: 'fallback' });
    const unknown = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'nobody' });
    await expect(unknown.complete(ask('Hi'))).rejects.toMatchObject({ details: { status: 404, transient: false } });
  });

  it('reports a closed port as model_unreachable', async () => {
    const port = await closedPort();
    const model = new OpenAiCompatibleModel({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'nothing-here' });
    const failure = await model.complete(ask('Hello')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'model_unreachable', details: { transient: true } });
    expect((failure as Error).message).toMatch(/connection refused/);
  });

  it('gives up on a hanging server with model_timeout', async () => {
    const server = await serve([{ hang: true }, { hang: true }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    await expect(model.complete(ask('Hello', { timeoutMs: 200 }))).rejects.toMatchObject({ code: 'model_timeout', details: { transient: true } });
    const streaming = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model', timeoutMs: 200, stream: true });
    await expect(streaming.complete(ask('Hello'))).rejects.toMatchObject({ code: 'model_timeout' });
  });

  it('times out and cancels in the middle of a stream, after deltas have arrived', async () => {
    const long = 'The tide came in slowly over the harbour wall. '.repeat(10);
    const server = await serve([{ content: long, stallAfter: 8 }, { content: long, stallAfter: 8 }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model', stream: true });
    const seen: string[] = [];
    await expect(model.complete(ask('Go', { timeoutMs: 300, onDelta: (delta) => seen.push(delta.kind) }))).rejects.toMatchObject({
      code: 'model_timeout',
    });
    expect(seen.length).toBeGreaterThan(0);
    const controller = new AbortController();
    const pending = model.complete(ask('Go', { signal: controller.signal, onDelta: () => controller.abort() }));
    await expect(pending).rejects.toMatchObject({ code: 'model_cancelled' });
  });

  it('reports a connection dropped mid-stream as a transient model_bad_response', async () => {
    const server = await serve([{ content: 'The tide came in slowly over the harbour wall. '.repeat(5), dropAfter: 6 }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model', stream: true });
    const failure = await model.complete(ask('Go')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'model_bad_response', details: { transient: true } });
    expect((failure as Error).message).toMatch(/closed before the reply finished/);
  });

  it('stops with model_cancelled when the caller aborts', async () => {
    const server = await serve([{ hang: true }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    const controller = new AbortController();
    const pending = model.complete(ask('Hello', { signal: controller.signal, stream: true }));
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'model_cancelled', details: { transient: false } });
    await expect(model.complete(ask('Hello', { signal: controller.signal }))).rejects.toMatchObject({ code: 'model_cancelled' });
  });

  it('refuses an empty completion with model_empty_response, streamed or not', async () => {
    const server = await serve([{ content: '' }, { content: '   ' }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    await expect(model.complete(ask('Hello'))).rejects.toMatchObject({ code: 'model_empty_response' });
    await expect(model.complete(ask('Hello', { stream: true }))).rejects.toMatchObject({ code: 'model_empty_response' });
  });

  it('refuses a body that is not a chat completion with model_bad_response', async () => {
    const server = await serve([
      { rawBody: '<html>502 Bad Gateway</html>', contentType: 'text/html' },
      { rawBody: 'data: {"choices":[{"index":0,"delta":{"content":"cut o', contentType: 'text/event-stream' },
    ]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'loopback-model' });
    await expect(model.complete(ask('Hello'))).rejects.toMatchObject({ code: 'model_bad_response', details: { body: '<html>502 Bad Gateway</html>' } });
    await expect(model.complete(ask('Hello', { stream: true }))).rejects.toMatchObject({ code: 'model_bad_response' });
  });

  it('refuses a configuration without a usable base URL or model', () => {
    expect(() => new OpenAiCompatibleModel({ baseUrl: 'localhost:1234', model: 'x' })).toThrow(expect.objectContaining({ code: 'model_not_configured' }));
    expect(() => new OpenAiCompatibleModel({ baseUrl: 'http://127.0.0.1:1234/v1', model: ' ' })).toThrow(expect.objectContaining({ code: 'model_not_configured' }));
  });
});

describe('probeModelServer', () => {
  it('lists the models of a reachable server', async () => {
    const server = await serve({ models: { 'qwen2.5-7b-instruct': [], 'llama-3.2-3b': [] } });
    await expect(probeModelServer(server.baseUrl)).resolves.toMatchObject({ reachable: true, models: ['qwen2.5-7b-instruct', 'llama-3.2-3b'], status: 200 });
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('says unreachable for a closed port, without throwing', async () => {
    const port = await closedPort();
    const probe = await probeModelServer(`http://127.0.0.1:${port}/v1`, { timeoutMs: 500 });
    expect(probe).toMatchObject({ reachable: false, models: [], error: 'ECONNREFUSED' });
  });
});
