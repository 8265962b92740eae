/**
 * Raw replies as real small models write them (Qwen3 and DeepSeek-R1 thinking, gpt-oss harmony,
 * Llama's and Qwen's own call formats, reasoning fields beside content, strict-mode nulls, fences,
 * duplicate keys …) judged twice: by `control-room check tool-call` and by the tool loop of a real
 * 1:1 turn that receives the same reply from the loopback server. Both must agree on every reply:
 * the same tool and arguments accepted, or the same rejection code with nothing run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openControlRoom } from '../../src/adapters/compose/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackReply, type LoopbackRequestBody } from '../../src/adapters/loopback-model-server/index.js';
import { findToolNonce } from '../../src/adapters/scripted-model/index.js';
import { runCli } from '../../src/cli/main.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

const OUTLINE = 'Story/SCN-outline.md';
const CHECK_NONCE = 'check-nonce-5';

type Profile = 'envelope' | 'cascade';
interface Row {
  name: string;
  model: string;
  profile: Profile;
  /** The model's raw reply for a turn whose nonce is given. */
  reply: (nonce: string) => LoopbackReply;
  expected: { tool: string; args?: Record<string, unknown> } | { code: string };
  /**
   * A reply with nothing but thinking never reaches the loop's parser: the model adapter calls it an
   * empty reply, sent again as a transient failure; the check, given the text alone, refuses it.
   */
  emptyInLoop?: true;
}

const envelope = (nonce: string, tool = 'file_reader', args: Record<string, unknown> = { path: OUTLINE }): string => JSON.stringify({ tool, args, nonce });
const text = (content: string): LoopbackReply => ({ content });
/** A whole chat-completion body, as the server sent it, with fields beside content. */
const completion = (model: string, message: Record<string, unknown>): LoopbackReply => ({
  rawBody: JSON.stringify({ id: 'chatcmpl-raw', object: 'chat.completion', model, choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }] }),
});
const harmony = (analysis: string, final: string): string => `<|channel|>analysis<|message|>${analysis}<|end|><|start|>assistant<|channel|>final<|message|>${final}<|return|>`;
const read = { tool: 'file_reader', args: { path: OUTLINE } };

const ROWS: Row[] = [
  // Thinking before the envelope, in each model's way of writing it.
  { name: 'Qwen3 <think> block', model: 'qwen3-4b', profile: 'envelope', reply: (n) => text(`<think>\nThe writer asks about the outline. I should read it.\n</think>\n\n${envelope(n)}`), expected: read },
  { name: 'Qwen3 empty think (no-think mode)', model: 'qwen3-1.7b', profile: 'envelope', reply: (n) => text(`<think>\n\n</think>\n\n${envelope(n)}`), expected: read },
  { name: 'DeepSeek-R1 distill, opening tag in the template', model: 'deepseek-r1-distill-qwen-7b', profile: 'envelope', reply: (n) => text(`Okay, so the user wants the outline. Let me call the reader.\n</think>\n\n${envelope(n)}`), expected: read },
  { name: 'DeepSeek-R1 reasoning_content field', model: 'deepseek-r1', profile: 'envelope', reply: (n) => completion('deepseek-r1', { content: envelope(n), reasoning_content: 'First, the outline. {"tool":"canon_checker"} no.' }), expected: read },
  { name: 'gpt-oss harmony channels in content', model: 'openai/gpt-oss-20b', profile: 'envelope', reply: (n) => text(harmony('User wants outline. Use file_reader.', envelope(n))), expected: read },
  { name: 'gpt-oss reasoning field (LM Studio, Ollama)', model: 'gpt-oss:20b', profile: 'envelope', reply: (n) => completion('gpt-oss:20b', { content: envelope(n), reasoning: 'We need to read the outline.' }), expected: read },
  { name: 'a decoy call inside the thinking', model: 'qwen3-8b', profile: 'envelope', reply: (n) => text(`<think>maybe ${envelope(n, 'canon_checker', {})}? no, read instead</think>${envelope(n, 'outline_analyzer', {})}`), expected: { tool: 'outline_analyzer' } },
  { name: 'Llama 3 bare envelope', model: 'llama-3.2-3b-instruct', profile: 'envelope', reply: (n) => text(envelope(n)), expected: read },
  { name: 'strict-mode nulls for optional arguments', model: 'gpt-4o-mini', profile: 'envelope', reply: (n) => text(JSON.stringify({ tool: 'file_reader', args: { path: OUTLINE, start_line: null, end_line: null }, nonce: n })), expected: read },
  { name: 'lines as strings are normalised or refused alike', model: 'phi-4-mini', profile: 'envelope', reply: (n) => text(JSON.stringify({ tool: 'file_reader', args: { Path: OUTLINE, 'start-line': 1, endLine: 5 }, nonce: n })), expected: { tool: 'file_reader', args: { path: OUTLINE, start_line: 1, end_line: 5 } } },
  // What the strict envelope refuses.
  { name: 'thinking that never closes (cut off)', model: 'qwen3-4b', profile: 'envelope', reply: () => text('<think>\nI will call file_reader with the outline path and then'), expected: { code: 'tool_call_invalid_format' }, emptyInLoop: true },
  { name: 'thinking alone, closed', model: 'deepseek-r1', profile: 'envelope', reply: (n) => completion('deepseek-r1', { content: '', reasoning_content: envelope(n) }), expected: { code: 'tool_call_invalid_format' }, emptyInLoop: true },
  { name: 'a fenced envelope under the strict profile', model: 'llama-3.1-8b-instruct', profile: 'envelope', reply: (n) => text(`\`\`\`json\n${envelope(n)}\n\`\`\``), expected: { code: 'tool_call_invalid_format' } },
  { name: 'prose before the envelope', model: 'mistral-7b-instruct', profile: 'envelope', reply: (n) => text(`Sure! Here is the call:\n${envelope(n)}`), expected: { code: 'tool_call_invalid_format' } },
  { name: 'chain-of-thought prose without tags', model: 'llama-3.2-1b-instruct', profile: 'envelope', reply: (n) => text(`Let me think. First, I need to read the outline.\n${envelope(n)}`), expected: { code: 'tool_call_invalid_format' } },
  { name: 'duplicate "tool" keys', model: 'qwen2.5-0.5b-instruct', profile: 'envelope', reply: (n) => text(`{"tool":"file_reader","tool":"file_locator","args":{"path":"${OUTLINE}"},"nonce":"${n}"}`), expected: { code: 'tool_call_invalid_format' } },
  { name: 'duplicate keys inside args, escaped', model: 'qwen2.5-0.5b-instruct', profile: 'envelope', reply: (n) => text(`{"tool":"file_reader","args":{"path":"${OUTLINE}","p\\u0061th":"Story/other.md"},"nonce":"${n}"}`), expected: { code: 'tool_call_invalid_format' } },
  { name: 'two envelopes in one reply', model: 'gemma-3-4b-it', profile: 'envelope', reply: (n) => text(`${envelope(n)}\n${envelope(n, 'outline_analyzer', {})}`), expected: { code: 'tool_call_multiple' } },
  { name: 'a guessed nonce', model: 'llama-3.2-3b-instruct', profile: 'envelope', reply: () => text(envelope('12345')), expected: { code: 'tool_call_nonce_invalid' } },
  { name: 'a tool that does not exist', model: 'qwen3-4b', profile: 'envelope', reply: (n) => text(`<think>x</think>${envelope(n, 'web_search', { query: 'lighthouse' })}`), expected: { code: 'tool_call_unknown_tool' } },
  { name: 'arguments of the wrong type', model: 'gemma-3-1b-it', profile: 'envelope', reply: (n) => text(envelope(n, 'file_reader', { path: 42 })), expected: { code: 'tool_call_invalid_args' } },
  { name: 'Qwen <tool_call> tags under the strict profile', model: 'qwen2.5-7b-instruct', profile: 'envelope', reply: () => text(`<tool_call>\n{"name": "file_reader", "arguments": {"path": "${OUTLINE}"}}\n</tool_call>`), expected: { code: 'tool_call_invalid_format' } },
  { name: 'Llama <|python_tag|> under the strict profile', model: 'llama-3.1-8b-instruct', profile: 'envelope', reply: () => text(`<|python_tag|>{"name": "file_reader", "parameters": {"path": "${OUTLINE}"}}`), expected: { code: 'tool_call_invalid_format' } },
  // The cascade: native calls, one fenced block, and each family's own text formats (with the nonce).
  { name: 'a native tool call with reasoning_content', model: 'qwen3-8b', profile: 'cascade', reply: () => completion('qwen3-8b', { content: null, reasoning_content: 'Read it.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'file_reader', arguments: JSON.stringify({ path: OUTLINE }) } }] }), expected: read },
  { name: 'a native call with duplicate argument keys', model: 'llama-3.1-8b-instruct', profile: 'cascade', reply: () => completion('llama-3.1-8b-instruct', { content: '', tool_calls: [{ id: 'c', type: 'function', function: { name: 'file_reader', arguments: `{"path":"${OUTLINE}","path":"x.md"}` } }] }), expected: { code: 'tool_call_invalid_format' } },
  { name: 'one fenced envelope after thinking', model: 'deepseek-r1-0528-qwen3-8b', profile: 'cascade', reply: (n) => text(`<think>outline</think>\n\`\`\`json\n${envelope(n)}\n\`\`\``), expected: read },
  { name: 'Qwen3 <tool_call> with the nonce', model: 'qwen3-8b', profile: 'cascade', reply: (n) => text(`<think>read it</think>\n<tool_call>\n{"name": "file_reader", "arguments": {"path": "${OUTLINE}", "nonce": "${n}"}}\n</tool_call>`), expected: read },
  { name: 'gpt-oss harmony call to functions.*', model: 'gpt-oss-20b', profile: 'cascade', reply: (n) => text(`<|channel|>analysis<|message|>Need outline.<|end|><|start|>assistant<|channel|>commentary to=functions.file_reader <|constrain|>json<|message|>{"path":"${OUTLINE}","nonce":"${n}"}<|call|>`), expected: read },
  { name: 'a family call with no nonce', model: 'qwen3-8b', profile: 'cascade', reply: () => text(`<tool_call>\n{"name": "file_reader", "arguments": {"path": "${OUTLINE}"}}\n</tool_call>`), expected: { code: 'tool_call_nonce_invalid' } },
];

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer;
let current: Row | undefined;

/** The loopback model: the row's raw reply first, then the end of the tool phase with an answer. */
function answer(body: LoopbackRequestBody): LoopbackReply {
  const nonce = findToolNonce(body.messages) ?? '';
  if ((body.messages ?? []).some((message) => message.role === 'tool')) return text(JSON.stringify({ action: 'final', nonce, answer: 'The outline opens in the lamp room.' }));
  return current!.reply(nonce);
}

beforeAll(async () => {
  workspace = await sampleWorkspace('cr-e2e-raw-');
  server = await startLoopbackModelServer(Array.from({ length: ROWS.length * 3 }, () => answer));
});
afterAll(async () => {
  await server.close();
  await workspace.cleanup();
});

/** What `control-room check tool-call` says of the reply (stdin holds the raw text or body). */
async function check(row: Row): Promise<{ ok: boolean; tool?: string; args?: Record<string, unknown>; code?: string }> {
  const reply = row.reply(CHECK_NONCE);
  let out = '';
  const io = { stdout: (chunk: string) => void (out += chunk), stderr: () => undefined, stdin: async () => reply.rawBody ?? reply.content ?? '' };
  const args = ['node', 'control-room', 'check', 'tool-call', '--nonce', CHECK_NONCE, '--profile', row.profile, '--model', row.model, '--json'];
  const status = await runCli(args, io);
  expect(status, out).toBeLessThan(2);
  return JSON.parse(out) as { ok: boolean; tool?: string; code?: string };
}

/** What the tool loop of a real 1:1 turn does with the same reply. */
async function loop(row: Row, sessionId: string): Promise<{ ok: boolean; tool?: string; args?: Record<string, unknown>; code?: string }> {
  await writeEndpoints(workspace.dir, { baseUrl: server.baseUrl, model: row.model, profile: row.profile });
  const room = await openControlRoom(workspace.dir, { env: {}, homeDir: null });
  try {
    current = row;
    const result = await runChatTurn({ message: 'What does the outline open with?', sessionId, toolPolicy: { requireTool: true }, retries: 0 }, { ...room.turnDependencies(), validateReply: undefined, modelOptions: { sleep: async () => undefined } });
    if (result.rejections.length > 0) {
      expect(result.receipts, row.name).toEqual([]);
      return { ok: false, code: result.rejections[0]!.code };
    }
    if (row.emptyInLoop) {
      expect(result.receipts).toEqual([]);
      expect(result.retries.map((retry) => retry.code)).toEqual(['model_empty_response', 'model_empty_response']);
      return { ok: false, code: 'tool_call_invalid_format' };
    }
    expect(result.receipts, row.name).toHaveLength(1);
    const { events } = (await room.traces.getRound(result.traceRoundId))!;
    const request = events.find((event) => event.event_type === 'tool.request')!;
    return { ok: true, tool: request.payload['tool_id'] as string, args: request.payload['inputs'] as Record<string, unknown> };
  } finally {
    await room.close();
  }
}

describe('raw replies of real models: check tool-call and the tool loop agree', { timeout: 120_000 }, () => {
  it('accepts the same calls and refuses the rest with the same codes, for every row', async () => {
    const disagreements: string[] = [];
    for (const [index, row] of ROWS.entries()) {
      const checked = await check(row);
      const looped = await loop(row, `raw-${index}`);
      const expected = 'code' in row.expected ? { ok: false, code: row.expected.code } : { ok: true, tool: row.expected.tool, ...(row.expected.args ? { args: row.expected.args } : {}) };
      for (const [side, outcome] of [['check', checked], ['loop', looped]] as const) {
        const seen = outcome.ok ? { ok: true, tool: outcome.tool, ...(row.expected && 'args' in row.expected && row.expected.args ? { args: outcome.args } : {}) } : { ok: false, code: outcome.code };
        if (JSON.stringify(seen) !== JSON.stringify(expected)) disagreements.push(`${row.name} (${side}): expected ${JSON.stringify(expected)}, got ${JSON.stringify(seen)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
