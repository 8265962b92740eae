/**
 * OpenTelemetry export end to end: the real CLI runs a chat turn against a loopback model server
 * with OTEL_EXPORTER_OTLP_ENDPOINT (or --otlp) pointing at a loopback OTLP/HTTP receiver, which
 * decodes the spans; `traces export --otlp` replays the stored rounds with the same ids.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startLoopbackModelServer, type LoopbackModelServer, type LoopbackScript } from '../../src/adapters/loopback-model-server/index.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { makeFakeCredentials } from '../support/fake-credentials.js';
import { REPO_ROOT, runChat, runCli, type ChatJson } from './helpers/run-cli.js';
import { decide, envelopeCall, groundedAnswer } from './helpers/scripted-turns.js';
import { sampleWorkspace } from './helpers/workspace-fixture.js';

const CARD = 'Compendium/Characters/CHAR-hester-vane.md';
const EVIDENCE = (receipts: string) => `Evidence: content | ${CARD} | "eyes: grey" | receipt ${receipts}`;

let workspace: { dir: string; cleanup: () => Promise<void> };
let receiver: OtlpReceiver;
let model: LoopbackModelServer | undefined;

beforeEach(async () => {
  workspace = await sampleWorkspace('cr-otlp-');
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await model?.close();
  model = undefined;
  await receiver.close();
  await workspace.cleanup();
});

async function serve(script: LoopbackScript): Promise<string> {
  model = await startLoopbackModelServer(script);
  return model.baseUrl;
}

/** A turn with a rejected plain-text call, its retry as a real call, and an answer whose evidence holds. */
const TURN: LoopbackScript = [
  { content: `file_reader(path="${CARD}")` },
  envelopeCall('file_reader', { path: CARD }),
  decide({ action: 'final' }),
  groundedAnswer('Hester’s card gives her grey eyes.', EVIDENCE),
];

const named = (spans: ReceivedSpan[], prefix: string) => spans.filter((span) => span.name.startsWith(prefix));

/** What the receiver was sent, as "path content-type", once each. */
const sentAs = () => [...new Set(receiver.requests.map((request) => `${request.path} ${request.headers['content-type']}`))];

/** A span's ids, name and times: what a replay must send again unchanged. */
const identities = (spans: ReceivedSpan[]) => spans.map((span) => `${span.spanId}/${span.parentSpanId}/${span.name}/${span.startMs}/${span.endMs}`).sort();

/** Checks the spans of one `TURN` chat turn (as the `continuity` agent) as the receiver decoded them, and returns them. */
function expectTurnSpans(result: ChatJson): ReceivedSpan[] {
  const spans = receiver.spans();
  const traceId = result.traceRoundId.replace(/-/g, '');
  expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([traceId]));
  const [root, ...others] = [spans.find((span) => span.parentSpanId === '')!, ...spans.filter((span) => span.parentSpanId !== '')];
  expect(root).toMatchObject({ name: 'invoke_agent continuity', resource: { 'service.name': 'control-room' } });
  expect(root!.attributes).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.id': 'continuity', 'control_room.round.id': result.traceRoundId, 'control_room.round.status': 'ok' });
  expect(others.every((span) => span.parentSpanId === root!.spanId)).toBe(true);

  const chats = named(spans, 'chat ');
  expect(chats).toHaveLength(4);
  for (const chat of chats) {
    expect(chat.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'loopback-model', 'gen_ai.provider.name': 'openai' });
    expect(chat.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    expect(chat.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    expect(chat.endMs).toBeGreaterThanOrEqual(chat.startMs);
  }
  const tools = named(spans, 'execute_tool ');
  expect(tools).toHaveLength(1);
  expect(tools[0]!.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'file_reader', 'control_room.receipt.id': result.receipts[0] });

  const events = root!.events;
  expect(events.find((event) => event.name === 'control_room.tool_call.rejected')?.attributes).toMatchObject({ 'control_room.rejection.code': 'tool_call_invalid_format', 'control_room.rejection.retry': true });
  expect(events.filter((event) => event.name === 'gen_ai.evaluation.result').map((event) => event.attributes['gen_ai.evaluation.score.label'])).toEqual(['verified']);
  return spans;
}

describe('OTLP export of a chat turn', () => {
  it('sends the turn, a chat span per model call and an execute_tool span with the receipt id; rejections and evidence are events', async () => {
    const baseUrl = await serve(TURN);
    const result = await runChat(workspace.dir, baseUrl, 'What colour are Hester’s eyes?', ['--agent', 'continuity'], { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint });
    expect(result.validation.ok).toBe(true);
    expect(result.rejections.map((rejection) => rejection.code)).toEqual(['tool_call_invalid_format']);
    // The CLI flushed before it exited: everything is here already.
    expect(sentAs()).toEqual(['/v1/traces application/json']);
    const spans = expectTurnSpans(result);

    // No content unless asked for: neither the question, the answer, nor the file.
    const sent = JSON.stringify(receiver.requests);
    for (const words of ['What colour', 'grey eyes', 'eyes: grey', 'TOOL_NONCE']) expect(sent).not.toContain(words);

    // traces.db is the source of truth: a replay sends the same spans, ids and times.
    const live = identities(spans);
    const before = receiver.requests.length;
    const replay = await runCli(['traces', 'export', '--otlp', receiver.endpoint, '--workspace', workspace.dir, '--json']);
    expect(replay.status, replay.stderr).toBe(0);
    expect(replay.json()).toMatchObject({ rounds: 1, spans: spans.length, endpoint: `${receiver.endpoint}/v1/traces`, protocol: 'http/json' });
    const replayed = receiver.spans().slice(spans.length);
    expect(receiver.requests.length).toBeGreaterThan(before);
    expect(identities(replayed)).toEqual(live);
  });

  it('with OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf sends the same spans as protobuf, and the replay follows the traces protocol variable', async () => {
    const baseUrl = await serve(TURN);
    const result = await runChat(workspace.dir, baseUrl, 'What colour are Hester’s eyes?', ['--agent', 'continuity'], { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' });
    expect(result.validation.ok).toBe(true);
    expect(sentAs()).toEqual(['/v1/traces application/x-protobuf']);
    const spans = expectTurnSpans(result);
    const sent = JSON.stringify(receiver.requests);
    for (const words of ['What colour', 'grey eyes', 'eyes: grey']) expect(sent).not.toContain(words);

    const replay = await runCli(['traces', 'export', '--otlp', receiver.endpoint, '--workspace', workspace.dir, '--json'], { env: { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' } });
    expect(replay.status, replay.stderr).toBe(0);
    expect(replay.json()).toMatchObject({ rounds: 1, spans: spans.length, protocol: 'http/protobuf' });
    expect(sentAs()).toEqual(['/v1/traces application/x-protobuf']);
    expect(identities(receiver.spans().slice(spans.length))).toEqual(identities(spans));
  });

  it('refuses gRPC by the variable that asked for it, before anything is sent', async () => {
    const replay = await runCli(['traces', 'export', '--otlp', receiver.endpoint, '--workspace', workspace.dir, '--json'], { env: { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' } });
    expect(replay.status).not.toBe(0);
    expect(replay.json()).toMatchObject({ error: { code: 'config_invalid', message: expect.stringMatching(/^OTEL_EXPORTER_OTLP_PROTOCOL="grpc" is not supported.*"http\/json" \(the default\) or "http\/protobuf"/) } });
    expect(receiver.requests).toEqual([]);
  });

  it('with --otlp and --otlp-content sends the conversation, scrubbed of secrets', async () => {
    const { githubToken } = makeFakeCredentials();
    const baseUrl = await serve([envelopeCall('file_reader', { path: CARD }), decide({ action: 'final' }), groundedAnswer('Grey, by her card.', EVIDENCE)]);
    const result = await runChat(workspace.dir, baseUrl, `Eye colour of Hester? (my token is ${githubToken})`, ['--otlp', receiver.endpoint, '--otlp-content']);
    expect(result.receipts).toHaveLength(1);
    const sent = JSON.stringify(receiver.requests);
    expect(sent).not.toContain(githubToken);
    const root = receiver.spans().find((span) => span.parentSpanId === '')!;
    expect(String(root.attributes['gen_ai.input.messages'])).toContain('Eye colour of Hester?');
    expect(String(root.attributes['gen_ai.input.messages'])).toContain('secret_ref:');
    expect(String(root.attributes['gen_ai.output.messages'])).toContain('Grey, by her card.');
    const tool = named(receiver.spans(), 'execute_tool ')[0]!;
    expect(JSON.parse(String(tool.attributes['gen_ai.tool.call.arguments']))).toEqual({ path: CARD });
    expect(String(tool.attributes['gen_ai.tool.call.result'])).toContain('eyes: grey');
  });

  it('a collector that is down costs the writer nothing but a warning', async () => {
    const baseUrl = await serve(TURN);
    await receiver.close();
    const result = await runCli(['chat', 'What colour are Hester’s eyes?', '--workspace', workspace.dir, '--json'], {
      env: { CONTROL_ROOM_LLM_BASE_URL: baseUrl, CONTROL_ROOM_LLM_MODEL: 'loopback-model', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_TIMEOUT: '1000' },
    });
    expect(result.status).toBe(0);
    expect(result.json<{ validation: { ok: boolean } }>().validation.ok).toBe(true);
    expect(result.stderr).toMatch(/warning: Could not send traces/);
    const replay = await runCli(['traces', 'export', '--otlp', receiver.endpoint, '--workspace', workspace.dir, '--json'], { env: { OTEL_EXPORTER_OTLP_TIMEOUT: '1000' } });
    expect(replay.status).toBe(1);
    expect(replay.json()).toMatchObject({ error: { code: 'trace_export_failed' } });
    receiver = await startOtlpReceiver();
  });
});

describe('OTLP export of MCP calls', () => {
  it('sends a tools/call round per MCP call with its execute_tool span and receipt id', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'bin/control-room.js'), 'mcp', '--workspace', workspace.dir],
      env: { ...(process.env as Record<string, string>), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'Claude Desktop', version: '1.0.0' });
    await client.connect(transport);
    const result = await client.callTool({ name: 'outline_analyzer', arguments: {} });
    const refused = await client.callTool({ name: 'file_reader', arguments: { path: '/etc/passwd' } });
    await client.close();
    expect(refused.isError).toBe(true);
    const receipt = (result.structuredContent as { receipt_id: string }).receipt_id;
    const spans = receiver.spans();
    const roots = spans.filter((span) => span.parentSpanId === '');
    expect(roots.map((span) => span.name).sort()).toEqual(['tools/call file_reader', 'tools/call outline_analyzer']);
    expect(roots.every((span) => span.attributes['gen_ai.conversation.id'] === 'mcp-claude-desktop' && span.attributes['mcp.method.name'] === 'tools/call')).toBe(true);
    const ran = named(spans, 'execute_tool outline_analyzer')[0]!;
    expect(ran.attributes['control_room.receipt.id']).toBe(receipt);
    const blocked = named(spans, 'execute_tool file_reader')[0]!;
    expect(blocked.status.code).toBe(2);
    expect(blocked.attributes['error.type']).toBe('path_outside_workspace');
  });
});
