/**
 * Reasoning models (Qwen3, DeepSeek-R1, gpt-oss) through every path that reads a model's reply: the
 * 1:1 tool loop, a conference round's two phases and a task's planner and actor. Their thinking
 * arrives as `<think>` blocks, harmony channels or `reasoning_content` / `reasoning` fields beside
 * `content`; each path strips it the same way, keeps it in the trace, and never shows it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackReply, type LoopbackRequestBody, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { openSqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';
import { findToolNonce } from '../../src/adapters/scripted-model/index.js';
import { runCli } from '../../src/cli/main.js';
import { receiptIdsIn } from './helpers/scripted-turns.js';
import { sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace('cr-e2e-reasoning-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await workspace.cleanup();
});

const HESTER = 'Compendium/Characters/CHAR-hester-vane.md';
const SECRET_THOUGHT = 'THOUGHT-';

/** A completion whose reasoning sits in a field beside content, named as the given server names it. */
function withField(field: 'reasoning_content' | 'reasoning', content: string, thought: string): LoopbackReply {
  return { rawBody: JSON.stringify({ id: 'r', object: 'chat.completion', model: 'loopback-model', choices: [{ index: 0, message: { role: 'assistant', content, [field]: thought }, finish_reason: 'stop' }] }) };
}
const harmony = (thought: string, final: string): string => `<|channel|>analysis<|message|>${thought}<|end|><|start|>assistant<|channel|>final<|message|>${final}<|return|>`;
const nonceOf = (body: LoopbackRequestBody): string => findToolNonce(body.messages) ?? '';
const evidence = (body: LoopbackRequestBody): string => `Hester's card gives her grey eyes.\nEvidence: content | ${HESTER} | "eyes: grey" | receipt ${receiptIdsIn(body).join(', ') || [...JSON.stringify(body.messages).matchAll(/rcpt_[A-Za-z0-9_-]{10,}/g)].map((m) => m[0])[0]}`;

async function serve(script: LoopbackStep[], endpoint: Record<string, unknown> = {}): Promise<void> {
  server = await startLoopbackModelServer(script);
  await writeEndpoints(workspace.dir, { baseUrl: server.baseUrl, model: 'loopback-model', ...endpoint });
}

async function cli<T>(args: string[]): Promise<T> {
  let out = '';
  let err = '';
  const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (err += text), stdin: async () => '' };
  const status = await runCli(['node', 'control-room', ...args, '--workspace', workspace.dir, '--json'], io);
  expect(status, out + err).not.toBe(2);
  return JSON.parse(out) as T;
}

async function responses(roundId: string): Promise<Array<{ text: string; reasoning?: string }>> {
  const store = await openSqliteTraceStore(workspace.dir);
  try {
    const round = await store.getRound(roundId);
    return round!.events.filter((event) => event.event_type === 'llm.response').map((event) => event.payload as { text: string; reasoning?: string });
  } finally {
    await store.close();
  }
}

describe('reasoning models', { timeout: 120_000 }, () => {
  it('in the 1:1 tool loop: every form of thinking is stripped, traced and never shown', async () => {
    await serve([
      (body) => withField('reasoning', JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: nonceOf(body) }), `${SECRET_THOUGHT}1 read the card`),
      (body) => ({ content: `<think>\n${SECRET_THOUGHT}2 enough\n</think>\n\n${JSON.stringify({ action: 'final', nonce: nonceOf(body) })}` }),
      (body) => ({ content: harmony(`${SECRET_THOUGHT}3 answer with the quote`, evidence(body)) }),
    ]);
    const result = await cli<{ content: string; receipts: string[]; rejections: unknown[]; validation: { ok: boolean }; traceRoundId: string }>(['chat', 'What colour are Hester’s eyes?', '--agent', 'continuity', '--require-tool']);
    expect(result.rejections).toEqual([]);
    expect(result.receipts).toHaveLength(1);
    expect(result.validation.ok).toBe(true);
    expect(result.content).toContain('grey eyes');
    expect(result.content).not.toContain(SECRET_THOUGHT);
    const traced = await responses(result.traceRoundId);
    expect(traced.map((entry) => entry.reasoning)).toEqual([`${SECRET_THOUGHT}1 read the card`, `${SECRET_THOUGHT}2 enough`, `${SECRET_THOUGHT}3 answer with the quote`]);
    expect(traced.map((entry) => entry.text).join('\n')).not.toContain(SECRET_THOUGHT);
  });

  it('in a conference round: phase 1 calls and phase 2 replies and abstentions read through the thinking', async () => {
    await serve([
      (body) => withField('reasoning_content', JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: nonceOf(body) }), `${SECRET_THOUGHT}c1`),
      (body) => ({ content: `${SECRET_THOUGHT}c2 done</think>${JSON.stringify({ action: 'final', nonce: nonceOf(body) })}` }),
      (body) => ({ content: `<think>${SECRET_THOUGHT}c3</think>${evidence(body)}` }),
      () => ({ content: harmony(`${SECRET_THOUGHT}c4 not my area`, 'ABSTAIN') }),
    ]);
    const round = await cli<{ entries: Array<{ agentId: string; status: string; content: string | null }>; receipts: string[]; rejections: unknown[]; traceRoundId: string }>(['conference', 'What colour are Hester’s eyes?', '--agents', 'continuity']);
    expect(round.rejections).toEqual([]);
    expect(round.receipts).toHaveLength(1);
    expect(round.entries.map((entry) => entry.status)).toEqual(['responded', 'abstained']);
    expect(JSON.stringify(round)).not.toContain(SECRET_THOUGHT);
    // Both phases keep each reply's thinking in the round's trace, apart from its text.
    const traced = await responses(round.traceRoundId);
    expect(traced.map((entry) => entry.reasoning)).toEqual([`${SECRET_THOUGHT}c1`, `${SECRET_THOUGHT}c2 done`, `${SECRET_THOUGHT}c3`, `${SECRET_THOUGHT}c4 not my area`]);
    expect(traced.map((entry) => entry.text).join('\n')).not.toContain(SECRET_THOUGHT);
  });

  it('in a task: the planner and the actor read through the thinking', async () => {
    const plan = { summary: 'Note the eye colour', risks: [], batch: [] };
    const batch = { batch: [{ op: 'issue.create', params: { title: 'Eyes', body: 'Grey, per the card.' }, idempotencyKey: 'eyes-1' }] };
    await serve([withField('reasoning_content', JSON.stringify(plan), `${SECRET_THOUGHT}p`), { content: `<think>${SECRET_THOUGHT}a</think>\n${JSON.stringify(batch)}` }]);
    const outcome = await cli<{ status: string; plan?: unknown; batch?: unknown[]; traceRoundId: string }>(['task', 'Note Hester’s eye colour as an issue']);
    expect(outcome.status).not.toBe('invalid');
    expect(outcome.batch).toHaveLength(1);
    expect(JSON.stringify(outcome)).not.toContain(SECRET_THOUGHT);
    // The planner's and the actor's thinking stay in the task's trace, never in what it shows.
    const traced = await responses(outcome.traceRoundId);
    expect(traced.map((entry) => entry.reasoning)).toEqual([`${SECRET_THOUGHT}p`, `${SECRET_THOUGHT}a`]);
    expect(traced.map((entry) => entry.text).join('\n')).not.toContain(SECRET_THOUGHT);
  });

  it('in a streamed answer: the live text never carries the thinking, whether harmony or a template-opened think block', async () => {
    for (const [model, answer] of [
      ['gpt-oss-20b', (body: LoopbackRequestBody) => ({ content: harmony(`${SECRET_THOUGHT}s1 quote the card`, evidence(body)) })],
      ['deepseek-r1-distill-qwen-7b', (body: LoopbackRequestBody) => ({ content: `${SECRET_THOUGHT}s2 the card says grey\n</think>\n\n${evidence(body)}` })],
    ] as const) {
      await server?.close();
      await serve(
        [
          (body) => ({ content: JSON.stringify({ tool: 'file_reader', args: { path: HESTER }, nonce: nonceOf(body) }) }),
          (body) => ({ content: JSON.stringify({ action: 'final', nonce: nonceOf(body) }) }),
          answer,
        ],
        { model, stream: true },
      );
      let out = '';
      const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (out += text), stdin: async () => '' };
      await runCli(['node', 'control-room', 'chat', 'What colour are Hester’s eyes?', '--agent', 'continuity', '--require-tool', '--stream', '--workspace', workspace.dir], io);
      const answered = server!.requests.filter((request) => request.method === 'POST').at(-1)!;
      expect(answered.body!['stream'], model).toBe(true);
      expect(out, model).toContain('grey eyes');
      expect(out, model).not.toContain(SECRET_THOUGHT);
    }
  });
});
