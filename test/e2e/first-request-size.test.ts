/**
 * Lean prompts, as the model server receives them: the first request of a 1:1 turn with every
 * agent of the room (its framing, the grounding rules, the catalog of the tools it may use, the
 * protocol and the writer's message) and of a conference round's phase 1 stays within 5,000
 * characters, measured on the request bodies the loopback server recorded, and its size in
 * tokens (o200k) leaves room in a 2,048-token window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { openControlRoom } from '../../src/adapters/compose/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type RecordedModelRequest } from '../../src/adapters/loopback-model-server/index.js';
import { runCli } from '../../src/cli/main.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

const TARGET_CHARS = 5000;
const MESSAGE =
  'In the storm chapter, does Hester mention the colour of her eyes before Tobias arrives at the lamp room, and does anyone, anywhere later in the book, contradict what she says about them or about the night her brother drowned?';

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer;

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-first-request-');
  // Every request is answered in prose, so each turn ends after its first model call.
  server = await startLoopbackModelServer(Array.from({ length: 60 }, () => ({ content: 'ABSTAIN' })));
  await writeEndpoints(workspace.dir, { baseUrl: server.baseUrl, model: 'qwen3-4b' });
});
afterAll(async () => {
  await server.close();
  await workspace.cleanup();
});

const posts = (): RecordedModelRequest[] => server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/chat/completions'));

function promptOf(request: RecordedModelRequest): string {
  return (request.body?.messages ?? []).map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
}

describe('the first request of a turn', { timeout: 120_000 }, () => {
  it('stays within 5,000 characters for every agent, with and without a required call, catalog included', async () => {
    const room = await openControlRoom(workspace.dir, { env: {}, homeDir: null });
    const sizes: Array<{ agent: string; requireTool: boolean; chars: number; tokens: number }> = [];
    try {
      expect(room.agents.length).toBeGreaterThanOrEqual(5);
      for (const agent of room.agents) {
        for (const requireTool of [false, true]) {
          const before = posts().length;
          await runChatTurn(
            { message: MESSAGE, agentId: agent.id, sessionId: `size-${agent.id}-${requireTool}`, toolPolicy: { requireTool }, retries: 0 },
            { ...room.turnDependencies(), validateReply: undefined },
          );
          const first = posts()[before]!;
          const prompt = promptOf(first);
          // The request really carries the agent's tools and role: the catalog lists each one.
          for (const id of room.registry.ids()) expect(prompt).toContain(id);
          expect(prompt).toContain(agent.name);
          expect(prompt).toContain(MESSAGE);
          sizes.push({ agent: agent.id, requireTool, chars: prompt.length, tokens: countTokens(prompt) });
        }
      }
    } finally {
      await room.close();
    }
    for (const size of sizes) {
      expect(size.chars, `${size.agent} requireTool=${size.requireTool}`).toBeLessThanOrEqual(TARGET_CHARS);
      expect(size.tokens, `${size.agent} requireTool=${size.requireTool}`).toBeLessThanOrEqual(1500);
    }
  });

  it('stays within 5,000 characters in a conference round’s phase 1', async () => {
    const before = posts().length;
    let out = '';
    const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (out += text), stdin: async () => '' };
    await runCli(['node', 'control-room', 'conference', MESSAGE, '--agents', 'continuity,line-editor', '--workspace', workspace.dir, '--json'], io);
    const first = posts()[before];
    expect(first, out).toBeDefined();
    const prompt = promptOf(first!);
    expect(prompt).toContain('TOOL_NONCE: ');
    expect(prompt.length).toBeLessThanOrEqual(TARGET_CHARS);
  });
});
