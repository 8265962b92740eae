/**
 * Context windows learnt from the server and never exceeded (the loopback server plays LM Studio,
 * reporting the context length the model was loaded with): tool output is cut to fit, with the
 * cut recorded in the trace, and a prompt that cannot fit is refused before it is sent, with the
 * setting to change named in the answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openControlRoom, type ControlRoom } from '../../src/adapters/compose/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackServerEmulation, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { estimateRequestTokens } from '../../src/core/loop/index.js';
import type { ChatMessage } from '../../src/protocol/index.js';
import { decide, envelopeCall } from './helpers/scripted-turns.js';
import { sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer | undefined;
let room: ControlRoom | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace('cr-e2e-window-');
});
afterEach(async () => {
  await room?.close();
  await server?.close();
  room = undefined;
  server = undefined;
  await workspace.cleanup();
});

async function open(script: LoopbackStep[], loadedContextLength: number, emulate: LoopbackServerEmulation = { kind: 'lmstudio', contextLength: 32768, loadedContextLength }): Promise<ControlRoom> {
  server = await startLoopbackModelServer(script, { models: ['qwen3-8b'], emulate });
  await writeEndpoints(workspace.dir, { baseUrl: server.baseUrl, model: 'qwen3-8b' });
  room = await openControlRoom(workspace.dir, { env: {}, homeDir: null });
  return room;
}

const chatPosts = () => server!.requests.filter((request) => request.method === 'POST' && request.path === '/v1/chat/completions');

describe('the context window of the model', () => {
  it('cuts tool output so every request fits the loaded context length, and records the cut', async () => {
    const opened = await open(
      [envelopeCall('file_reader', { path: 'Story/Scenes/SCN-01-the-lamp-room.md' }), decide({ action: 'final' }), { content: 'The lamp room smells of paraffin.' }],
      2048,
    );
    const result = await runChatTurn({ message: 'What does the lamp room smell of?', sessionId: 'window-1', toolPolicy: { requireTool: true } }, { ...opened.turnDependencies(), validateReply: undefined });
    expect(result.stopHook).toBeNull();
    expect(result.receipts).toHaveLength(1);
    const posts = chatPosts();
    expect(posts).toHaveLength(3);
    for (const post of posts) {
      const messages = (post.body!.messages ?? []).map((message) => ({ role: message.role, content: String(message.content ?? '') })) as ChatMessage[];
      expect(estimateRequestTokens({ messages }) + 512).toBeLessThanOrEqual(2048);
    }
    const toolMessage = posts[1]!.body!.messages!.find((message) => message.role === 'tool')!;
    expect(JSON.parse(String(toolMessage.content))).toMatchObject({ truncated_to_fit_context: true, sha256: expect.any(String) });
    const { events } = (await opened.traces.getRound(result.traceRoundId))!;
    const cuts = events.filter((event) => event.event_type === 'validator.ran' && event.payload['validator_id'] === 'context_window');
    expect(cuts.length).toBeGreaterThanOrEqual(1);
    expect(cuts[0]!.payload).toMatchObject({ code: 'prompt_trimmed', status: 'warn', details: { windowTokens: 2048, model: 'qwen3-8b' } });
  });

  it('refuses a prompt that cannot fit, sends nothing, and names the setting to change', async () => {
    const opened = await open([{ content: 'never sent' }], 512);
    const result = await runChatTurn({ message: 'What does the lamp room smell of?', sessionId: 'window-2' }, { ...opened.turnDependencies(), validateReply: undefined });
    expect(chatPosts()).toEqual([]);
    expect(result.stopHook).toBe('model_unavailable');
    expect(result.validation.issues[0]).toMatchObject({ code: 'model_context_exceeded' });
    expect(result.content).toMatch(/context window holds 512.*LM Studio: raise the model's Context Length/s);
  });

  it.each([
    ['Ollama', { kind: 'ollama', contextLength: 400 }, /num_ctx/],
    ['llama.cpp', { kind: 'llamacpp', contextLength: 400 }, /--ctx-size/],
    ['vLLM', { kind: 'vllm', contextLength: 400 }, /--max-model-len/],
    ['Jan', { kind: 'jan', contextLength: 400 }, /Context Size/],
    ['KoboldCpp', { kind: 'koboldcpp', contextLength: 400 }, /--contextsize/],
  ] as Array<[string, LoopbackServerEmulation, RegExp]>)('refuses on %s too, naming that server’s own setting, before anything is sent', async (_name, emulate, setting) => {
    const opened = await open([{ content: 'never sent' }], 0, emulate);
    const result = await runChatTurn({ message: 'What does the lamp room smell of?', sessionId: `window-${emulate.kind}` }, { ...opened.turnDependencies(), validateReply: undefined });
    const sent = server!.requests.filter((request) => request.method === 'POST' && /\/(chat\/completions|api\/chat)$/.test(request.path));
    expect(sent).toEqual([]);
    expect(result.validation.issues[0]).toMatchObject({ code: 'model_context_exceeded' });
    expect(result.notice).toMatchObject({ kind: 'failure', code: 'model_context_exceeded' });
    expect(result.content).toMatch(/context window holds 400/);
    expect(result.content).toMatch(setting);
  });
});
