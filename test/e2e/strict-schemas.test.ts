/**
 * Structured outputs a strict provider accepts, proven over the OpenAI-compatible wire: the
 * loopback server refuses a strict `response_format` outside the strict subset with HTTP 400, as
 * OpenAI's strict mode does, and answers the way a grammar-constrained server would — with the
 * schema's own shape (every key present, optional arguments null). The harness reads those
 * replies back as valid calls.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openControlRoom, type ControlRoom } from '../../src/adapters/compose/index.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackRequestBody, type LoopbackStep } from '../../src/adapters/loopback-model-server/index.js';
import { OpenAiCompatibleModel } from '../../src/adapters/openai-compatible-model/index.js';
import { findToolNonce } from '../../src/adapters/scripted-model/index.js';
import { runCli } from '../../src/cli/main.js';
import { runChatTurn } from '../../src/core/loop/index.js';
import { checkStrictResponseFormat, matchesStrictSchema } from '../../src/core/testing/index.js';
import { schemaLookupFrom, envelopeResponseFormat } from '../../src/core/tool-calls/index.js';
import { TOOL_ARG_SCHEMAS } from '../../src/protocol/index.js';
import { sampleWorkspace, writeEndpoints } from './helpers/workspace-fixture.js';

let workspace: { dir: string; cleanup: () => Promise<void> };
let server: LoopbackModelServer | undefined;
let room: ControlRoom | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace();
});
afterEach(async () => {
  await room?.close();
  await server?.close();
  room = undefined;
  server = undefined;
  await workspace.cleanup();
});

/** A reply in the strict shape, checked against the schema the request carried before it is sent. */
const strictReply =
  (build: (nonce: string) => Record<string, unknown>): LoopbackStep =>
  (body: LoopbackRequestBody) => {
    const format = body['response_format'] as { json_schema: { schema: { properties?: Record<string, unknown> } } } | undefined;
    // Keys the script leaves out (an `answer` beside a decision, say) are sent as null, as a strict server does.
    const value: Record<string, unknown> = { ...Object.fromEntries(Object.keys(format?.json_schema.schema.properties ?? {}).map((key) => [key, null])), ...build(findToolNonce(body.messages) ?? '') };
    if (!format || !matchesStrictSchema(value, format.json_schema.schema)) return { status: 500, message: `reply does not match the schema: ${JSON.stringify(value)}` };
    return { content: JSON.stringify(value) };
  };

describe('strict structured outputs over the wire', () => {
  it('are refused with HTTP 400 when outside the strict subset (a root union, an optional key)', async () => {
    server = await startLoopbackModelServer([{ content: '{}' }, { content: '{}' }]);
    const model = new OpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'strict' });
    const rootUnion = { type: 'json_schema' as const, json_schema: { name: 'old_envelope', strict: true, schema: { anyOf: [{ type: 'object', properties: {}, required: [], additionalProperties: false }] } } };
    await expect(model.complete({ messages: [{ role: 'user', content: 'x' }], responseFormat: rootUnion })).rejects.toMatchObject({ code: 'model_http_error', details: { status: 400 } });
    const optional = { type: 'json_schema' as const, json_schema: { name: 'optional', strict: true, schema: { type: 'object', properties: { a: { type: 'string' } }, required: [], additionalProperties: false } } };
    await expect(model.complete({ messages: [{ role: 'user', content: 'x' }], responseFormat: optional })).rejects.toThrow(/not required: a/);
    const ours = envelopeResponseFormat({ nonce: 'n', tools: schemaLookupFrom(TOOL_ARG_SCHEMAS) });
    await expect(model.complete({ messages: [{ role: 'user', content: 'x' }], responseFormat: ours })).resolves.toMatchObject({ content: '{}' });
  });

  it('carry a whole turn: envelope and decision schemas accepted, strict replies with nulls read as valid calls', async () => {
    server = await startLoopbackModelServer([
      strictReply((nonce) => ({ tool: 'file_reader', args: { path: 'Story/SCN-outline.md', start_line: 1, end_line: null }, nonce })),
      strictReply((nonce) => ({ action: 'tool', tool: 'file_locator', args: { search_criteria: 'locket', scan_mode: null, max_results: null, include_globs: null, dry_run: null }, nonce })),
      strictReply((nonce) => ({ action: 'final', tool: null, args: null, nonce })),
      { content: 'The outline opens in the lamp room.' },
    ]);
    await writeEndpoints(workspace.dir, { baseUrl: server.baseUrl, model: 'strict-model' });
    room = await openControlRoom(workspace.dir, { env: {}, homeDir: null });
    const result = await runChatTurn({ message: 'Where does the story open?', sessionId: 'strict-1', toolPolicy: { requireTool: true } }, { ...room.turnDependencies(), validateReply: undefined });
    expect(result.rejections).toEqual([]);
    expect(result.receipts).toHaveLength(2);
    expect(result.stopHook).toBeNull();
    const posts = server.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(4);
    const formats = posts.map((post) => post.body?.['response_format']);
    expect(formats.slice(0, 3).map((format) => (format as { json_schema: { name: string } }).json_schema.name)).toEqual(['tool_call_envelope', 'tool_call_decision', 'tool_call_decision']);
    for (const format of formats.slice(0, 3)) expect(checkStrictResponseFormat(format)).toEqual([]);
    expect(formats[3]).toBeUndefined();
    const { events } = (await room.traces.getRound(result.traceRoundId))!;
    const accepted = events.filter((event) => event.event_type === 'validator.ran' && event.payload['code'] === 'accepted');
    expect(accepted.map((event) => (event.payload['details'] as { applied: unknown[] }).applied)).toEqual([
      [{ kind: 'null_optional', from: 'end_line', to: 'absent' }],
      ['scan_mode', 'max_results', 'include_globs', 'dry_run'].map((from) => ({ kind: 'null_optional', from, to: 'absent' })),
    ]);
  });

  it('carry a conference round’s phase 1 under the tool policy: the envelope schema of the allowed tools only, then the decision', async () => {
    server = await startLoopbackModelServer([
      strictReply((nonce) => ({ tool: 'outline_analyzer', args: { outline_path: null, mode: null, dry_run: null }, nonce })),
      strictReply((nonce) => ({ action: 'final', tool: null, args: null, nonce })),
      { content: 'ABSTAIN' },
      { content: 'ABSTAIN' },
    ]);
    await writeEndpoints(workspace.dir, { baseUrl: server.baseUrl, model: 'qwen3-8b' });
    let out = '';
    const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (out += text), stdin: async () => '' };
    const args = ['conference', 'How many acts are there?', '--agents', 'story-architect', '--require-tool', '--tools', 'outline_analyzer,file_reader', '--workspace', workspace.dir, '--json'];
    expect(await runCli(['node', 'control-room', ...args], io), out).toBe(0);
    const round = JSON.parse(out) as { receipts: string[]; rejections: unknown[] };
    expect(round.rejections).toEqual([]);
    expect(round.receipts).toHaveLength(1);
    const posts = server.requests.filter((request) => request.method === 'POST');
    const [envelope, decision] = posts.map((post) => post.body!['response_format'] as { json_schema: { name: string; schema: { properties: { tool: { enum: unknown[] } } } } } | undefined);
    expect(envelope?.json_schema.name).toBe('tool_call_envelope');
    expect(envelope!.json_schema.schema.properties.tool.enum).toEqual(['file_reader', 'outline_analyzer']);
    expect(decision?.json_schema.name).toBe('tool_call_decision');
    for (const format of [envelope, decision]) expect(checkStrictResponseFormat(format)).toEqual([]);
    // Phase 2 is prose: no schema is sent to the agents who answer.
    for (const post of posts.slice(2)) expect(post.body!['response_format']).toBeUndefined();
  });
});
