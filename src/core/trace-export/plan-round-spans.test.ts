import { describe, expect, it } from 'vitest';
import type { EventType, RoundEvent, RoundHeader, TracedRound } from '../../protocol/index.js';
import { planRoundSpans, type PlannedSpan } from './plan-round-spans.js';

const ROUND_ID = '0190f3a2-7b1c-7def-8a12-3456789abcde';
const START = Date.parse('2025-03-01T10:00:00.000Z');

function header(overrides: Partial<RoundHeader> = {}): RoundHeader {
  return {
    schema_version: 1, library_id: 'lib-1', bucket_id: 'bucket:s1', conversation_id: 's1', round_id: ROUND_ID, round_seq: 3,
    state_in: 'default', state_out: 'default', audio_id: null, created_at: new Date(START).toISOString(), status: 'ok', failure_code: null, failure_reason: null,
    ...overrides,
  };
}

type Step = [EventType, Record<string, unknown>, Partial<Pick<RoundEvent, 'call_id' | 'status' | 'failure_code'>>?];

function round(steps: Step[], overrides: Partial<RoundHeader> = {}): TracedRound {
  const events: RoundEvent[] = steps.map(([event_type, payload, extra = {}], index) => ({
    schema_version: 1, round_id: ROUND_ID, event_seq: index + 1, event_type, payload,
    call_id: extra.call_id ?? (typeof payload['call_id'] === 'string' ? payload['call_id'] : null),
    timestamp: new Date(START + (index + 1) * 100).toISOString(), status: extra.status ?? 'ok', failure_code: extra.failure_code ?? null, failure_reason: null,
  }));
  return { round: header(overrides), events };
}

const byName = (spans: PlannedSpan[], name: string): PlannedSpan[] => spans.filter((span) => span.name === name);

/** A 1:1 turn: a rejected call, its retry, a tool run, the answer and its evidence check. */
const chatTurn = round([
  ['input.received', { raw_text: 'What colour are Hester’s eyes? My key is sk-live-secret', channel: 'text', agent_id: 'continuity' }],
  ['llm.request', { model: 'qwen2.5-7b', prompt_hash: 'a'.repeat(64), prompt_head: '[system] TOOL_NONCE: n1', prompt_tail: '', step: 0, kind: 'envelope' }],
  ['llm.response', { model: 'qwen2.5-7b', latency_ms: 90, text: 'file_reader(path=x)', usage: { promptTokens: 120, completionTokens: 9 } }],
  ['validator.ran', { validator_id: 'tool_call', code: 'tool_call_invalid_format', status: 'retry', message: 'Not one JSON object: file_reader(path=x)', details: { channel: 'text' } }],
  ['llm.request', { model: 'qwen2.5-7b', prompt_hash: 'b'.repeat(64), prompt_head: '[system] …', prompt_tail: '[user] retry', step: 1 }],
  ['llm.response', { model: 'qwen2.5-7b', latency_ms: 80, text: '{"tool":"file_reader"}', usage: { promptTokens: 150, completionTokens: 20 } }],
  ['validator.ran', { validator_id: 'tool_call', code: 'accepted', status: 'ok', message: 'Accepted on the json channel.' }],
  ['tool.request', { tool_id: 'file_reader', call_id: 'call_1', inputs: { path: 'Compendium/Characters/CHAR-hester.md' }, channel: 'json' }],
  ['tool.response', { tool_id: 'file_reader', call_id: 'call_1', latency_ms: 3, status: 'ok', receipt_id: 'rcpt_0190f3a27b1c7def', result: '{"content":"eyes: grey"}' }],
  ['llm.request', { model: 'qwen2.5-7b', prompt_hash: 'c'.repeat(64), prompt_head: '[system] answer', prompt_tail: '', step: 'answer' }],
  ['llm.response', { model: 'qwen2.5-7b-fallback', latency_ms: 200, text: 'Grey.\nEvidence: …', usage: { promptTokens: 300, completionTokens: 30 }, used_fallback: true }],
  ['validator.ran', { validator_id: 'evidence', code: 'quote_not_found', status: 'retry', message: 'Evidence failed; one corrective retry.', details: { issues: [{ code: 'quote_not_found', message: '…' }] } }],
  ['validator.ran', { validator_id: 'evidence', code: 'ok', status: 'ok', message: 'Evidence verified after retry.', details: { issues: [] } }],
  ['output.emitted', { text: 'Grey.', channel: 'text', stop_hook: null }],
]);

describe('planRoundSpans', () => {
  it('makes the turn the parent of a chat span per model call and an execute_tool span per tool run', () => {
    const spans = planRoundSpans(chatTurn, { content: false });
    const [root, ...children] = spans;
    expect(root).toMatchObject({ key: 'round', parentKey: null, name: 'invoke_agent continuity', startMs: START, endMs: START + 1400, status: { code: 'unset' } });
    expect(root!.attributes).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.id': 'continuity', 'gen_ai.conversation.id': 's1', 'control_room.round.id': ROUND_ID, 'control_room.round.seq': 3 });
    expect(children.every((span) => span.parentKey === 'round')).toBe(true);
    const chats = byName(spans, 'chat qwen2.5-7b');
    expect(chats).toHaveLength(3);
    expect(chats.map((span) => [span.startMs - START, span.endMs - START])).toEqual([[200, 300], [500, 600], [1000, 1100]]);
    expect(chats[0]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'qwen2.5-7b', 'gen_ai.response.model': 'qwen2.5-7b',
      'gen_ai.provider.name': 'openai', 'gen_ai.system': 'openai', 'gen_ai.usage.input_tokens': 120, 'gen_ai.usage.output_tokens': 9, 'control_room.step': '0',
    });
    expect(chats[2]!.attributes).toMatchObject({ 'gen_ai.response.model': 'qwen2.5-7b-fallback', 'control_room.used_fallback': true, 'control_room.step': 'answer' });
    const [tool] = byName(spans, 'execute_tool file_reader');
    expect(tool).toMatchObject({ startMs: START + 800, endMs: START + 900, kind: 'internal', status: { code: 'unset' } });
    expect(tool!.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'file_reader', 'gen_ai.tool.call.id': 'call_1', 'control_room.receipt.id': 'rcpt_0190f3a27b1c7def' });
  });

  it('puts rejections and evidence outcomes on the turn as events', () => {
    const [root] = planRoundSpans(chatTurn, { content: false });
    expect(root!.events.map((event) => event.name)).toEqual(['control_room.tool_call.rejected', 'gen_ai.evaluation.result', 'gen_ai.evaluation.result']);
    expect(root!.events[0]).toMatchObject({ timeMs: START + 400, attributes: { 'control_room.rejection.code': 'tool_call_invalid_format', 'control_room.rejection.retry': true } });
    expect(root!.events[1]!.attributes).toMatchObject({ 'gen_ai.evaluation.name': 'evidence', 'gen_ai.evaluation.score.label': 'rejected', 'control_room.evidence.final': false, 'control_room.evidence.issue_codes': ['quote_not_found'] });
    expect(root!.events[2]!.attributes).toMatchObject({ 'gen_ai.evaluation.score.label': 'verified', 'gen_ai.evaluation.score.value': 1, 'control_room.evidence.final': true });
  });

  it('leaves every word of the conversation out unless content is asked for', () => {
    const off = JSON.stringify(planRoundSpans(chatTurn, { content: false }));
    for (const words of ['Hester', 'sk-live-secret', 'eyes: grey', 'Grey.', 'TOOL_NONCE', 'CHAR-hester', 'file_reader(path=x)']) expect(off).not.toContain(words);
    const spans = planRoundSpans(chatTurn, { content: true });
    const [root] = spans;
    expect(JSON.parse(String(root!.attributes['gen_ai.input.messages']))).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'What colour are Hester’s eyes? My key is sk-live-secret' }] }]);
    expect(JSON.parse(String(root!.attributes['gen_ai.output.messages']))[0]).toMatchObject({ role: 'assistant', parts: [{ type: 'text', content: 'Grey.' }] });
    const [tool] = byName(spans, 'execute_tool file_reader');
    expect(JSON.parse(String(tool!.attributes['gen_ai.tool.call.arguments']))).toEqual({ path: 'Compendium/Characters/CHAR-hester.md' });
    expect(tool!.attributes['gen_ai.tool.call.result']).toBe('{"content":"eyes: grey"}');
    expect(root!.events[0]!.attributes['control_room.rejection.message']).toContain('file_reader(path=x)');
  });

  it('marks a failed tool run and a failed round as errors with their codes', () => {
    const failed = round(
      [
        ['input.received', { raw_text: 'x', channel: 'text', agent_id: 'chief' }],
        ['tool.request', { tool_id: 'canon_checker', call_id: 'call_0', inputs: {} }],
        ['tool.response', { tool_id: 'canon_checker', call_id: 'call_0', latency_ms: 1, status: 'tool_error', receipt_id: 'rcpt_x1234567890', result: '{}' }, { status: 'failed', failure_code: 'path_not_found' }],
        ['llm.request', { model: 'm', prompt_hash: 'd'.repeat(64), prompt_head: '', prompt_tail: '' }],
        ['round.failed', { failure_code: 'model_unreachable', failure_reason: 'connection refused' }, { status: 'failed', failure_code: 'model_unreachable' }],
      ],
      { status: 'failed', failure_code: 'model_unreachable', failure_reason: 'connection refused' },
    );
    const spans = planRoundSpans(failed, { content: false });
    expect(spans[0]).toMatchObject({ status: { code: 'error', message: 'model_unreachable' }, attributes: { 'error.type': 'model_unreachable', 'control_room.round.status': 'failed' } });
    const [tool] = byName(spans, 'execute_tool canon_checker');
    expect(tool).toMatchObject({ status: { code: 'error', message: 'path_not_found' }, attributes: { 'error.type': 'path_not_found', 'control_room.receipt.id': 'rcpt_x1234567890' } });
    const [chat] = byName(spans, 'chat m');
    expect(chat).toMatchObject({ status: { code: 'error' }, startMs: START + 400, endMs: START + 500 });
  });

  it('names an MCP call for its tool, and a refused one as an error without a receipt', () => {
    const refused = round(
      [
        ['tool.request', { tool_id: 'file_reader', call_id: 'call_9', inputs: { path: '../x' }, channel: 'mcp', client: 'LM Studio' }],
        ['validator.ran', { validator_id: 'tool_call', code: 'path_outside_workspace', status: 'error', message: 'Refused path', details: { channel: 'mcp' } }, { status: 'failed', call_id: 'call_9' }],
        ['round.failed', { failure_code: 'path_outside_workspace', failure_reason: 'Refused path' }, { status: 'failed' }],
      ],
      { conversation_id: 'mcp-lm-studio', status: 'failed', failure_code: 'path_outside_workspace' },
    );
    const spans = planRoundSpans(refused, { content: false });
    expect(spans[0]).toMatchObject({ name: 'tools/call file_reader', kind: 'server', attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'file_reader', 'gen_ai.conversation.id': 'mcp-lm-studio' } });
    expect(spans[0]!.events[0]!.attributes['control_room.rejection.code']).toBe('path_outside_workspace');
    const [tool] = byName(spans, 'execute_tool file_reader');
    expect(tool).toMatchObject({ status: { code: 'error', message: 'path_outside_workspace' }, attributes: { 'control_room.tool.status': 'refused' } });
    expect(tool!.attributes['control_room.receipt.id']).toBeUndefined();
  });

  it('pairs each conference agent’s request with its own reply', () => {
    const conference = round([
      ['input.received', { raw_text: 'Round', channel: 'text', agent_id: 'chief' }],
      ['llm.request', { model: 'a', prompt_hash: 'e'.repeat(64), prompt_head: '', prompt_tail: '', agent_id: 'editor', phase: 2 }],
      ['llm.request', { model: 'b', prompt_hash: 'f'.repeat(64), prompt_head: '', prompt_tail: '', agent_id: 'continuity', phase: 2 }],
      ['llm.response', { model: 'b', latency_ms: 5, text: 'ABSTAIN', agent_id: 'continuity' }],
      ['llm.response', { model: 'a', latency_ms: 9, text: 'Fine.', agent_id: 'editor' }],
    ]);
    const spans = planRoundSpans(conference, { content: false });
    expect(byName(spans, 'chat a')[0]).toMatchObject({ startMs: START + 200, endMs: START + 500, attributes: { 'gen_ai.agent.id': 'editor' } });
    expect(byName(spans, 'chat b')[0]).toMatchObject({ startMs: START + 300, endMs: START + 400, attributes: { 'gen_ai.agent.id': 'continuity' } });
  });

  it('gives the same plan for the same stored round, and never an undefined attribute', () => {
    const first = planRoundSpans(chatTurn, { content: true });
    expect(planRoundSpans(structuredClone(chatTurn), { content: true })).toEqual(first);
    for (const span of first) for (const value of Object.values(span.attributes)) expect(value).not.toBeUndefined();
    expect(planRoundSpans(round([]), { content: false })).toHaveLength(1);
  });
});
