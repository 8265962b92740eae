import { afterEach, describe, expect, it } from 'vitest';
import { createSseParser } from '../../core/streaming/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackScript } from './loopback-model-server.js';

const servers: LoopbackModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(script: LoopbackScript, models?: string[]): Promise<LoopbackModelServer> {
  const server = await startLoopbackModelServer(script, models ? { models } : {});
  servers.push(server);
  return server;
}

const post = (server: LoopbackModelServer, body: unknown, init: RequestInit = {}): Promise<Response> =>
  fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), ...init });

describe('startLoopbackModelServer', () => {
  it('serves GET /v1/models from the script', async () => {
    const single = await serve([], ['local-a', 'local-b']);
    expect(await (await fetch(`${single.baseUrl}/models`)).json()).toMatchObject({ object: 'list', data: [{ id: 'local-a' }, { id: 'local-b' }] });
    const routed = await serve({ models: { primary: [], fallback: [] } });
    const listed = (await (await fetch(`${routed.baseUrl}/models`)).json()) as { data: Array<{ id: string }> };
    expect(listed.data.map((entry) => entry.id)).toEqual(['primary', 'fallback']);
  });

  it('answers a non-streamed completion and records the request', async () => {
    const server = await serve([{ content: 'Hello.', reasoning: 'Greet back.' }]);
    const response = await post(server, { model: 'm', messages: [{ role: 'user', content: 'Hi' }] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello.', reasoning_content: 'Greet back.' }, finish_reason: 'stop' }],
    });
    expect(server.requests).toMatchObject([{ method: 'POST', path: '/v1/chat/completions', body: { model: 'm', messages: [{ role: 'user', content: 'Hi' }] } }]);
    expect(server.remaining()).toBe(0);
  });

  it('streams SSE with small content pieces, split tool-call deltas and a final [DONE]', async () => {
    const server = await serve([{ content: 'Looking it up now.', toolCalls: [{ name: 'file_locator', arguments: { query: 'the brass locket' } }] }]);
    const response = await post(server, { model: 'm', stream: true, messages: [] });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const data: string[] = [];
    const parser = createSseParser((event) => data.push(event.data));
    parser.push(await response.text());
    parser.end();
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((text) => JSON.parse(text) as { choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }> });
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
    const contentPieces = deltas.flatMap((delta) => (typeof delta['content'] === 'string' && delta['content'] !== '' ? [delta['content']] : []));
    expect(contentPieces.join('')).toBe('Looking it up now.');
    expect(contentPieces.length).toBeGreaterThan(3);
    expect(Math.max(...contentPieces.map((piece) => piece.length))).toBeLessThanOrEqual(5);
    const calls = deltas.flatMap((delta) => (Array.isArray(delta['tool_calls']) ? delta['tool_calls'] : [])) as Array<{
      id?: string;
      function: { name?: string; arguments: string };
    }>;
    expect(calls[0]).toMatchObject({ id: 'call_chatcmpl-loopback-1_0', function: { name: 'file_locator', arguments: '' } });
    expect(calls.slice(1).every((call) => call.id === '' && call.function.name === '')).toBe(true);
    expect(calls.map((call) => call.function.arguments).join('')).toBe('{"query":"the brass locket"}');
    expect(chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.finish_reason)).filter(Boolean)).toEqual(['tool_calls']);
  });

  it('routes by model, answers 404 for unknown models and 500 when a script runs out', async () => {
    const server = await serve({ models: { primary: [{ status: 500, message: 'primary down' }], fallback: [{ content: 'ok' }] } });
    const primary = await post(server, { model: 'primary', messages: [] });
    expect(primary.status).toBe(500);
    expect(await primary.json()).toMatchObject({ error: { message: 'primary down', type: 'server_error' } });
    expect((await post(server, { model: 'fallback', messages: [] })).status).toBe(200);
    expect((await post(server, { model: 'missing', messages: [] })).status).toBe(404);
    const exhausted = await post(server, { model: 'fallback', messages: [] });
    expect(exhausted.status).toBe(500);
    expect(await exhausted.json()).toMatchObject({ error: { message: 'loopback model server: no scripted reply left for model "fallback".' } });
  });

  it('passes the request body to reply functions', async () => {
    const server = await serve([(body) => ({ content: `you sent ${body.messages?.length ?? 0} messages to ${body.model}` })]);
    const response = await post(server, { model: 'echo', messages: [{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }] });
    expect(await response.json()).toMatchObject({ choices: [{ message: { content: 'you sent 2 messages to echo' } }] });
  });

  it('refuses a body that is not JSON and unknown routes', async () => {
    const server = await serve([]);
    expect((await post(server, '{not json')).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/embeddings`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('drops the connection when told the model is unreachable', async () => {
    const server = await serve([{ error: 'model_unreachable' }]);
    await expect(post(server, { model: 'm', messages: [] })).rejects.toThrow(TypeError);
  });

  it('closes promptly with a request still hanging, and then refuses connections', async () => {
    const server = await startLoopbackModelServer([{ hang: true }]);
    const pending = post(server, { model: 'm', messages: [] }).then(
      () => 'answered',
      () => 'failed',
    );
    while (server.requests.length === 0 || server.requests[0]!.body === null) await new Promise((resolve) => setTimeout(resolve, 10));
    await server.close();
    expect(await pending).toBe('failed');
    await expect(fetch(`${server.baseUrl}/models`)).rejects.toThrow(TypeError);
  });
});
