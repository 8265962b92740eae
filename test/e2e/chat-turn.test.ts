/**
 * 1:1 chat turns end to end (issue "Models, the tool loop …"): the real CLI binary, real SQLite
 * traces, real receipts, against a loopback OpenAI-compatible server that records every request.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackScript } from '../../src/adapters/loopback-model-server/index.js';
import { openSqliteTraceStore } from '../../src/adapters/sqlite-trace-store/index.js';
import { runChat, runCli, type ChatJson } from './helpers/run-cli.js';
import { decide, envelopeCall, groundedAnswer } from './helpers/scripted-turns.js';
import { readAppData, receiptLines, sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';
import { makeFakeCredentials } from '../support/fake-credentials.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await workspace.cleanup();
});

async function serve(script: LoopbackScript): Promise<string> {
  server = await startLoopbackModelServer(script);
  return server.baseUrl;
}

const chat = (baseUrl: string, message: string, extra: string[] = [], env: Record<string, string> = {}): Promise<ChatJson> =>
  runChat(workspace.dir, baseUrl, message, extra, env);

async function traceOf(roundId: string) {
  const store = await openSqliteTraceStore(workspace.dir);
  try {
    return await store.getRound(roundId);
  } finally {
    await store.close();
  }
}

const EYES_EVIDENCE = (receipts: string) => `Evidence: content | Compendium/Characters/CHAR-hester-vane.md | "eyes: grey" | receipt ${receipts}`;
const answerWithEvidence = groundedAnswer('Hester’s card gives her grey eyes.', EYES_EVIDENCE);

describe('a 1:1 chat turn', () => {
  it('runs a tool for a call with the right nonce, signs a receipt and answers with grounded evidence', async () => {
    const baseUrl = await serve([
      envelopeCall('file_reader', { path: 'Compendium/Characters/CHAR-hester-vane.md' }),
      decide({ action: 'final' }),
      answerWithEvidence,
    ]);
    const result = await chat(baseUrl, 'What colour are Hester’s eyes?', ['--agent', 'continuity']);
    expect(result.stopHook).toBeNull();
    expect(result.receipts).toHaveLength(1);
    expect(result.receipts[0]).toMatch(/^rcpt_[A-Za-z0-9_-]{10,}$/);
    expect(result.content).toContain('grey eyes');
    expect(result.evidence).toBe(EYES_EVIDENCE(result.receipts[0]!));
    expect(result.channel).toBe('json');
    const lines = await receiptLines(workspace.dir);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ receipt_id: result.receipts[0], tool_id: 'file_reader', status: 'ok', agent_id: 'continuity' });
    // The model received the tool result as a raw JSON tool message with the receipt id.
    const second = server!.requests.filter((request) => request.method === 'POST')[1]!.body!;
    const toolMessage = second.messages!.find((message) => message.role === 'tool');
    expect(JSON.parse(String(toolMessage!.content))).toMatchObject({ receipt_id: result.receipts[0], status: 'ok' });
    // The answer the writer sees names no tool and carries no protocol.
    expect(result.content).not.toMatch(/file_reader|TOOL_NONCE|"nonce"/);
    const trace = await traceOf(result.traceRoundId);
    const types = trace!.events.map((event) => event.event_type);
    const path_ = ['input.received', 'llm.request', 'llm.response', 'tool.request', 'tool.response', 'validator.ran', 'output.emitted'];
    let cursor = 0;
    for (const type of types) if (type === path_[cursor]) cursor += 1;
    expect(cursor, `ordered path in ${types.join(' → ')}`).toBe(path_.length);
    expect(trace!.events.map((event) => event.event_seq)).toEqual(types.map((_, index) => index + 1));
    expect(trace!.round.status).toBe('ok');
    const audit = await runCli(['audit', 'verify', '--workspace', workspace.dir, '--json']);
    expect(audit.json()).toMatchObject({ ok: true, receipts: 1 });
  });

  it('runs nothing for a call with the wrong nonce, and stops with tool_call_rejected after the one retry', async () => {
    const wrong = { content: JSON.stringify({ tool: 'file_reader', args: { path: 'Story/SCN-outline.md' }, nonce: 'guessed-nonce' }) };
    const baseUrl = await serve([wrong, wrong]);
    const result = await chat(baseUrl, 'Read the outline', ['--require-tool']);
    expect(result.stopHook).toBe('tool_call_rejected');
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_nonce_invalid', 'tool_call_nonce_invalid']);
    expect(result.receipts).toEqual([]);
    expect(await receiptLines(workspace.dir)).toEqual([]);
    // The retry message named the problem and repeated the nonce; the first step had the envelope schema.
    const posts = server!.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body!['response_format']).toMatchObject({ type: 'json_schema' });
    expect(JSON.stringify(posts[1]!.body!.messages)).toContain('tool_call_nonce_invalid');
    const trace = await traceOf(result.traceRoundId);
    expect(trace!.events.filter((event) => event.event_type === 'tool.request')).toEqual([]);
  });

  it('with --retries 0 a rejected call stops at once', async () => {
    const baseUrl = await serve([{ content: 'file_reader(path="Story/SCN-outline.md")' }]);
    const result = await chat(baseUrl, 'Read the outline', ['--require-tool', '--retries', '0']);
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_format']);
    expect(result.stopHook).toBe('tool_call_rejected');
    expect(server!.remaining()).toBe(0);
  });

  it('forces a final answer when the step limit is reached', async () => {
    const read = { action: 'tool' as const, tool: 'file_reader', args: { path: 'Story/SCN-outline.md', start_line: 1, end_line: 3 } };
    const baseUrl = await serve([
      envelopeCall('file_reader', read.args),
      decide(read),
      decide(read),
      decide(read),
      decide(read),
      decide(read),
      groundedAnswer('The outline opens with Act 1.', (receipts) => `Evidence: structural | Story/SCN-outline.md#L1-L3 | L1-L3 | receipt ${receipts}`),
    ]);
    const result = await chat(baseUrl, 'Keep reading the outline');
    expect(result.receipts).toHaveLength(6);
    expect(result.content).toContain('Act 1');
    const posts = server!.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(7);
    const last = JSON.stringify(posts[6]!.body!.messages);
    expect(last).toContain('No more lookups are available this turn');
    expect(posts[6]!.body!['response_format']).toBeUndefined();
  });

  it('answers through the fallback model when the primary returns HTTP 500', async () => {
    const baseUrl = await serve({ models: { primary: [{ status: 500, message: 'boom' }], backup: [{ content: 'Act 1 is called Keys.\nEvidence: content | Story/SCN-outline.md | "Act 1 — Keys"' }] } });
    const result = await chat(baseUrl, 'What is Act 1 called?', [], { CONTROL_ROOM_LLM_MODEL: 'primary', CONTROL_ROOM_FALLBACK_MODEL: 'backup' });
    expect(result.content).toBe('Act 1 is called Keys.\nEvidence: content | Story/SCN-outline.md | "Act 1 — Keys"');
    expect(result.validation.ok).toBe(true);
    expect(result.usedFallback).toBe(true);
    expect(server!.requests.filter((request) => request.method === 'POST').map((request) => request.body!.model)).toEqual(['primary', 'backup']);
  });

  it('gives the same answer streamed and not streamed', async () => {
    const script = () => [envelopeCall('file_reader', { path: 'Compendium/Characters/CHAR-hester-vane.md' }), decide({ action: 'final' }), answerWithEvidence];
    const plain = await chat(await serve(script()), 'What colour are Hester’s eyes?');
    await server!.close();
    const streamedServer = await serve(script());
    const streamed = await chat(streamedServer, 'What colour are Hester’s eyes?', ['--stream']);
    expect(streamed.content.replace(/rcpt_[A-Za-z0-9_-]+/g, 'R')).toBe(plain.content.replace(/rcpt_[A-Za-z0-9_-]+/g, 'R'));
    expect(server!.requests.filter((request) => request.method === 'POST').at(-1)!.body!.stream).toBe(true);
    const human = await runCli(['chat', 'Say hi', '--stream', '--skip-tools', '--workspace', workspace.dir], {
      env: { CONTROL_ROOM_LLM_BASE_URL: (await serve([{ content: 'Hello from the harbour.' }])), CONTROL_ROOM_LLM_MODEL: 'm' },
    });
    expect(human.stdout).toContain('Hello from the harbour.');
  });

  it('a cascade profile accepts a native call and a whole-content envelope, and refuses prose with an embedded call', async () => {
    const baseUrl = await serve([
      { toolCalls: [{ name: 'file_reader', arguments: JSON.stringify({ path: 'Story/SCN-outline.md', start_line: 1, end_line: 2 }) }] },
      decide({ action: 'final' }),
      groundedAnswer('Act 1 is Keys.', (receipts) => `Evidence: structural | Story/SCN-outline.md#L1-L2 | L1-L2 | receipt ${receipts}`),
      envelopeCall('file_reader', { path: 'Story/SCN-outline.md', start_line: 1, end_line: 2 }),
      decide({ action: 'final' }),
      groundedAnswer('Act 1 is Keys.', (receipts) => `Evidence: structural | Story/SCN-outline.md#L1-L2 | L1-L2 | receipt ${receipts}`),
      (body) => ({ content: `Sure! I'll look it up: {"tool":"file_reader","args":{"path":"Story/SCN-outline.md"},"nonce":"${JSON.stringify(body.messages).match(/TOOL_NONCE: ([A-Za-z0-9_-]+)/)![1]}"}` }),
    ]);
    await writeEndpoints(workspace.dir, { baseUrl, model: 'loopback-model', profile: 'cascade' });
    const native = await chat(baseUrl, 'Name Act 1');
    expect(native.channel).toBe('tool');
    expect(native.receipts).toHaveLength(1);
    // The first chat request (discovery of the server's context window asks with GETs first).
    const firstPost = server!.requests.find((request) => request.method === 'POST')!;
    expect(firstPost.body!['tools']).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'function' })]));
    const json = await chat(baseUrl, 'Name Act 1');
    expect(json.channel).toBe('json');
    expect(json.receipts).toHaveLength(1);
    const prose = await chat(baseUrl, 'Name Act 1', ['--retries', '0']);
    expect(prose.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_format']);
    expect(prose.receipts).toEqual([]);
    expect(await receiptLines(workspace.dir)).toHaveLength(2);
  });

  it('an injected model failure mid-round leaves round.failed after the earlier events, and asks the writer', async () => {
    const baseUrl = await serve([envelopeCall('file_reader', { path: 'Story/SCN-outline.md', start_line: 1, end_line: 2 }), { status: 400, message: 'bad request' }]);
    const result = await chat(baseUrl, 'Read the outline');
    expect(result.stopHook).toBe('model_unavailable');
    expect(result.content).toMatch(/couldn't get an answer from the model/);
    const trace = await traceOf(result.traceRoundId);
    expect(trace!.round.status).toBe('failed');
    const types = trace!.events.map((event) => event.event_type);
    expect(types.slice(0, 3)).toEqual(['input.received', 'llm.request', 'llm.response']);
    expect(types).toContain('tool.response');
    expect(types.at(-1)).toBe('round.failed');
    expect(trace!.events.at(-1)!.payload).toMatchObject({ failure_code: 'model_http_error' });
  });

  it('keeps real-looking credentials out of every stored file and every model request', async () => {
    const credentials = makeFakeCredentials();
    await fs.writeFile(path.join(workspace.dir, 'Story/notes-keys.md'), `# Notes\n\nserver token ${credentials.githubToken}\n\n${credentials.privateKey}\n`);
    const baseUrl = await serve([
      envelopeCall('file_reader', { path: 'Story/notes-keys.md' }),
      decide({ action: 'final' }),
      groundedAnswer('The notes hold a token and a key, which I have not repeated.', (receipts) => `Evidence: content | Story/notes-keys.md | "# Notes" | receipt ${receipts}`),
    ]);
    const message = `My AWS keys are ${credentials.awsAccessKeyId} and aws_secret_access_key=${credentials.awsSecretAccessKey}; what is in my notes?`;
    const result = await chat(baseUrl, message);
    expect(result.receipts).toHaveLength(1);
    const raws = [credentials.awsAccessKeyId, credentials.awsSecretAccessKey, credentials.githubToken, credentials.privateKey.split('\n')[1]!];
    const stored = await readAppData(workspace.dir);
    expect(stored.some((file) => file.file.endsWith('traces.db'))).toBe(true);
    for (const raw of raws) {
      for (const file of stored) expect(file.text.includes(raw), `${file.file} holds a raw secret`).toBe(false);
      for (const request of server!.requests) expect(JSON.stringify(request.body ?? '').includes(raw), 'a model request holds a raw secret').toBe(false);
    }
    expect(JSON.stringify(server!.requests.map((request) => request.body))).toContain('secret_ref:');
  });
});
