/**
 * The embedded llama.cpp path for real (CONTROL_ROOM_GGUF_PATH): node-llama-cpp's prebuilt
 * binaries run a tiny GGUF model that this test writes itself (random weights, a byte-level
 * vocabulary), so no weights are downloaded. Under the envelope grammar every reply parses as
 * JSON and has the strict schema's shape; with one tool allowed it validates as our envelope and
 * runs through the whole tool loop. Skipped, with the reason printed, where the binding cannot load.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openControlRoom } from '../../src/adapters/compose/index.js';
import { initWorkspace } from '../../src/adapters/fs-workspace/index.js';
import { LlamaCppModel } from '../../src/adapters/llama-cpp-model/index.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { matchesStrictSchema } from '../../src/core/testing/index.js';
import { decisionResponseFormat, envelopeResponseFormat, parseDecision, parseToolCall, schemaLookupFrom } from '../../src/core/tool-calls/index.js';
import { TOOL_ARG_SCHEMAS } from '../../src/protocol/index.js';
import { writeTinyGguf } from '../support/tiny-gguf.js';

let base = '';
let modelPath = '';
let model: LlamaCppModel | null = null;
let skipReason = '';
const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const NONCE = 'gguf-nonce-7';

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-gguf-'));
  modelPath = path.join(base, 'tiny-byte-level.gguf');
  await writeTinyGguf(modelPath);
  const candidate = new LlamaCppModel({ modelPath, threads: 1 });
  try {
    await candidate.contextWindow();
    model = candidate;
  } catch (error) {
    skipReason = `node-llama-cpp's native binding cannot run here: ${error instanceof Error ? error.message : String(error)}`;
    console.warn(`Skipping the embedded GGUF tests. ${skipReason}`);
  }
}, 120_000);
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const prompt = [
  { role: 'system' as const, content: `Use a tool to answer.\nTOOL_NONCE: ${NONCE}\nTOOL_CALL_REQUIRED: true` },
  { role: 'user' as const, content: 'What does the outline say?' },
];

describe('the embedded GGUF model under the envelope grammar', { timeout: 180_000 }, () => {
  it('reports its context window from the model file', async (context) => {
    if (!model) return context.skip(skipReason);
    expect(await model.contextWindow()).toMatchObject({ tokens: 8192, source: 'gguf' });
  });

  it('writes a valid envelope when one tool is allowed, and a valid decision after a result', async (context) => {
    if (!model) return context.skip(skipReason);
    const format = envelopeResponseFormat({ nonce: NONCE, tools, allowedTools: ['file_reader'] });
    const reply = await model.complete({ messages: prompt, responseFormat: format, maxTokens: 2000 });
    expect(matchesStrictSchema(JSON.parse(reply.content), format.json_schema.schema)).toBe(true);
    expect(parseToolCall(reply.content, { nonce: NONCE, tools, allowedTools: ['file_reader'] })).toMatchObject({ ok: true, tool: 'file_reader' });
    const decision = await model.complete({ messages: prompt, responseFormat: decisionResponseFormat({ nonce: NONCE, tools, allowedTools: ['file_reader'] }), maxTokens: 2000 });
    expect(parseDecision(decision.content, { nonce: NONCE, tools })).toMatchObject({ ok: true });
  });

  it('keeps every reply inside the strict schema with all tools allowed: the validator judges the tool–args coupling', async (context) => {
    if (!model) return context.skip(skipReason);
    const format = envelopeResponseFormat({ nonce: NONCE, tools });
    const reply = await model.complete({ messages: prompt, responseFormat: format, maxTokens: 2000 });
    const value = JSON.parse(reply.content) as Record<string, unknown>;
    expect(matchesStrictSchema(value, format.json_schema.schema)).toBe(true);
    const verdict = parseToolCall(reply.content, { nonce: NONCE, tools });
    // Grammar guarantees the shape, the nonce and a real tool id; only the args may belong to another tool.
    expect(verdict.ok || verdict.code === 'tool_call_invalid_args', JSON.stringify(verdict)).toBe(true);
  });

  it('runs a whole 1:1 turn through CONTROL_ROOM_GGUF_PATH: the call is accepted on the first try and its receipt signed', async (context) => {
    if (!model) return context.skip(skipReason);
    const dir = path.join(base, 'novel');
    await initWorkspace(dir, { sample: true });
    const room = await openControlRoom(dir, { env: { CONTROL_ROOM_GGUF_PATH: modelPath, CONTROL_ROOM_GGUF_THREADS: '1' }, homeDir: null });
    try {
      const result = await runChatTurn(
        { message: 'What does the outline say?', sessionId: 'gguf-1', toolPolicy: { requireTool: true, allowedTools: ['file_reader'] } },
        { ...room.turnDependencies(), validateReply: undefined },
      );
      expect(result.rejections).toEqual([]);
      expect(result.receipts).toHaveLength(1);
      expect(result.channel).toBe('json');
      expect(result.model).toBe('tiny-byte-level.gguf');
      const { events } = (await room.traces.getRound(result.traceRoundId))!;
      const accepted = events.filter((event) => event.event_type === 'validator.ran' && event.payload['validator_id'] === 'tool_call');
      expect(accepted.map((event) => event.payload['code'])).toEqual(['accepted', 'decision_final']);
    } finally {
      await room.close();
    }
  });
});
