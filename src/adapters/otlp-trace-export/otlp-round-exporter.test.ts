import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryTraceStore } from '../../core/traces/index.js';
import type { TracedRound } from '../../protocol/index.js';
import { processScrubber } from '../secretlint-scanner/index.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test/support/otlp-receiver.js';
import { makeFakeCredentials } from '../../../test/support/fake-credentials.js';
import { createOtlpRoundExporter, spanIdOf, traceIdOf } from './otlp-round-exporter.js';
import type { OtlpSettings } from './otlp-settings.js';

let receiver: OtlpReceiver;
beforeEach(async () => {
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const settings = (extra: Partial<OtlpSettings> = {}): OtlpSettings => ({ tracesUrl: `${receiver.endpoint}/v1/traces`, protocol: 'http/json', content: false, timeoutMs: 2000, serviceName: 'control-room', ...extra });

/** A stored turn whose input holds a credential (as a round written before scrubbing would). */
async function storedTurn(secret: string): Promise<TracedRound> {
  const store = new InMemoryTraceStore();
  const round = await store.beginRound({ conversation_id: 'chat-1', state_in: 'default' });
  await store.appendEvent(round.round_id, { event_type: 'input.received', payload: { raw_text: `Check the lamp room. token ${secret}`, channel: 'text', agent_id: 'editor' } });
  await store.appendEvent(round.round_id, { event_type: 'llm.request', payload: { model: 'qwen', prompt_hash: 'a'.repeat(64), prompt_head: `[user] token ${secret}`, prompt_tail: '', step: 0 } });
  await store.appendEvent(round.round_id, { event_type: 'llm.response', payload: { model: 'qwen', latency_ms: 12, text: '{"tool":"prose_analyzer"}', usage: { promptTokens: 40, completionTokens: 8 } } });
  await store.appendEvent(round.round_id, { event_type: 'tool.request', payload: { tool_id: 'prose_analyzer', call_id: 'call_0', inputs: { scene_path: 'Story/Scenes/SCN-01.md' } } });
  await store.appendEvent(round.round_id, { event_type: 'tool.response', payload: { tool_id: 'prose_analyzer', call_id: 'call_0', latency_ms: 4, status: 'ok', receipt_id: 'rcpt_0190aaaabbbbcccc', result: '{"pacing":"brisk"}' } });
  await store.appendEvent(round.round_id, { event_type: 'output.emitted', payload: { text: 'Brisk.', channel: 'text' } });
  await store.finishRound(round.round_id, { status: 'ok' });
  return (await store.getRound(round.round_id))!;
}

describe('the OTLP round exporter', () => {
  it('sends a round as OTLP/HTTP JSON: one trace named by the round id, the turn the parent of its chat and tool spans', async () => {
    const traced = await storedTurn('nothing-secret');
    const exporter = createOtlpRoundExporter({ settings: settings(), scrubber: processScrubber(), version: '9.9.9' });
    expect(await exporter.exportRound(traced)).toBe(3);
    expect(receiver.requests[0]).toMatchObject({ path: '/v1/traces', headers: { 'content-type': 'application/json' } });
    const spans = receiver.spans();
    expect(spans).toHaveLength(3);
    const traceId = traced.round.round_id.replace(/-/g, '');
    expect(spans.every((span) => span.traceId === traceId && span.traceId === traceIdOf(traced.round.round_id))).toBe(true);
    const root = spans.find((span) => span.parentSpanId === '')!;
    expect(root).toMatchObject({ name: 'invoke_agent editor', spanId: spanIdOf(traced.round.round_id, 'round'), resource: { 'service.name': 'control-room', 'service.version': '9.9.9' }, scope: 'control-room' });
    const chat = spans.find((span) => span.name === 'chat qwen')!;
    expect(chat.parentSpanId).toBe(root.spanId);
    expect(chat.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'qwen', 'gen_ai.usage.input_tokens': 40, 'gen_ai.usage.output_tokens': 8, 'gen_ai.provider.name': 'openai' });
    expect(chat.kind).toBe(3);
    const tool = spans.find((span) => span.name === 'execute_tool prose_analyzer')!;
    expect(tool.attributes).toMatchObject({ 'gen_ai.tool.name': 'prose_analyzer', 'control_room.receipt.id': 'rcpt_0190aaaabbbbcccc' });
    expect(tool.startMs).toBe(Date.parse(traced.events[3]!.timestamp));
    expect(tool.endMs).toBe(Date.parse(traced.events[4]!.timestamp));
    await exporter.shutdown();
  });

  it('sends the same spans as OTLP/HTTP protobuf when the settings ask for it', async () => {
    const traced = await storedTurn('nothing-secret');
    const errors: Error[] = [];
    const exporter = createOtlpRoundExporter({ settings: settings({ protocol: 'http/protobuf' }), scrubber: processScrubber(), version: '9.9.9', onExportError: (error) => errors.push(error) });
    expect(await exporter.exportRound(traced)).toBe(3);
    await exporter.shutdown();
    expect(errors).toEqual([]);
    expect(receiver.requests[0]).toMatchObject({ path: '/v1/traces', headers: { 'content-type': 'application/x-protobuf' } });
    const spans = receiver.spans();
    expect(spans.map((span) => span.name).sort()).toEqual(['chat qwen', 'execute_tool prose_analyzer', 'invoke_agent editor']);
    const root = spans.find((span) => span.parentSpanId === '')!;
    expect(root).toMatchObject({ traceId: traceIdOf(traced.round.round_id), spanId: spanIdOf(traced.round.round_id, 'round'), resource: { 'service.name': 'control-room', 'service.version': '9.9.9' }, scope: 'control-room' });
    const chat = spans.find((span) => span.name === 'chat qwen')!;
    expect(chat).toMatchObject({ parentSpanId: root.spanId, kind: 3 });
    expect(chat.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'qwen', 'gen_ai.usage.input_tokens': 40, 'gen_ai.usage.output_tokens': 8 });
    const tool = spans.find((span) => span.name === 'execute_tool prose_analyzer')!;
    expect(tool.attributes).toMatchObject({ 'gen_ai.tool.name': 'prose_analyzer', 'control_room.receipt.id': 'rcpt_0190aaaabbbbcccc' });
    expect(tool.startMs).toBe(Date.parse(traced.events[3]!.timestamp));
    expect(tool.endMs).toBe(Date.parse(traced.events[4]!.timestamp));
  });

  it('sends the same ids again on a replay, so a collector sees the same trace', async () => {
    const traced = await storedTurn('x');
    for (let run = 0; run < 2; run += 1) {
      const exporter = createOtlpRoundExporter({ settings: settings(), scrubber: processScrubber(), version: '1' });
      await exporter.exportRound(traced);
      await exporter.shutdown();
    }
    const spans = receiver.spans();
    const ids = (from: number, to: number) => spans.slice(from, to).map((span) => `${span.traceId}/${span.spanId}/${span.parentSpanId}`).sort();
    expect(ids(0, 3)).toEqual(ids(3, 6));
  });

  it('sends content only when asked, and then scrubbed of secrets', async () => {
    const { githubToken } = makeFakeCredentials();
    const traced = await storedTurn(githubToken);
    const quiet = createOtlpRoundExporter({ settings: settings(), scrubber: processScrubber(), version: '1' });
    await quiet.exportRound(traced);
    await quiet.shutdown();
    expect(JSON.stringify(receiver.requests)).not.toContain('lamp room');
    const loud = createOtlpRoundExporter({ settings: settings({ content: true }), scrubber: processScrubber(), version: '1' });
    await loud.exportRound(traced);
    await loud.shutdown();
    const sent = JSON.stringify(receiver.requests);
    expect(sent).toContain('lamp room');
    expect(sent).not.toContain(githubToken);
    expect(sent).toContain('secret_ref:');
    const tool = receiver.spans().filter((span) => span.name === 'execute_tool prose_analyzer').at(-1)!;
    expect(tool.attributes['gen_ai.tool.call.arguments']).toBe('{"scene_path":"Story/Scenes/SCN-01.md"}');
  });

  it('reports a collector that refuses, without failing the export call', async () => {
    receiver.failWith(400);
    const errors: Error[] = [];
    const exporter = createOtlpRoundExporter({ settings: settings({ timeoutMs: 500 }), scrubber: processScrubber(), version: '1', onExportError: (error) => errors.push(error) });
    await expect(exporter.exportRound(await storedTurn('x'))).resolves.toBe(3);
    expect(errors.length).toBeGreaterThan(0);
    await exporter.shutdown();
  });
});
