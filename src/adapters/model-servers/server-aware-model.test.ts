import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackServerEmulation } from '../loopback-model-server/index.js';
import { envelopeResponseFormat, schemaLookupFrom } from '../../core/tool-calls/index.js';
import { TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { endpointModel } from './endpoint-model.js';
import { identifyServer } from './identify-server.js';
import { ServerAwareModel } from './server-aware-model.js';

const servers: LoopbackModelServer[] = [];
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
