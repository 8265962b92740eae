import { describe, expect, it } from 'vitest';
import type { RoundEvent } from '../../protocol/index.js';
import { channelMetrics } from './channel-metrics.js';

let seq = 0;
const event = (event_type: RoundEvent['event_type'], payload: Record<string, unknown>): RoundEvent => ({
  schema_version: 1,
  round_id: 'r',
  event_seq: (seq += 1),
  event_type,
  call_id: null,
  timestamp: '2026-01-01T00:00:00Z',
  payload,
  status: 'ok',
  failure_code: null,
  failure_reason: null,
});
const reply = (model: string, latency: number, fallback = false) => event('llm.response', { model, latency_ms: latency, used_fallback: fallback, text: '' });
const verdict = (code: string, status: string, channel: string) => event('validator.ran', { validator_id: 'tool_call', code, status, message: '', details: { channel } });

describe('channelMetrics', () => {
  it('computes success rate, JSON errors, fallbacks, retries and latency percentiles per channel and model', () => {
    const rounds = [
      { events: [reply('qwen3', 100), verdict('tool_call_invalid_format', 'retry', 'text'), reply('qwen3', 300), verdict('accepted', 'ok', 'json'), reply('qwen3', 200), verdict('decision_final', 'ok', 'json')] },
      {
        events: [
          reply('qwen3', 50),
          event('validator.ran', { validator_id: 'retry_policy', code: 'model_timeout', status: 'retry', message: '', details: { kind: 'model', target: 'qwen3' } }),
          reply('gpt-backup', 900, true),
          verdict('accepted', 'ok', 'tool'),
          reply('gpt-backup', 700, true),
          verdict('tool_call_nonce_invalid', 'error', 'tool'),
        ],
      },
    ];
    const metrics = channelMetrics(rounds);
    expect(metrics.rounds).toBe(2);
    expect(metrics.channels.json).toMatchObject({ accepted: 2, rejected: 0, successRate: 1, jsonParseErrors: 0, latencyMs: { p50: 200, p95: 300, p99: 300 } });
    expect(metrics.channels.text).toMatchObject({ accepted: 0, rejected: 1, successRate: 0, jsonParseErrors: 1, retries: 1, latencyMs: { p50: 100 } });
    expect(metrics.channels.tool).toMatchObject({ accepted: 1, rejected: 1, successRate: 0.5, fallbacks: 2, fallbackRate: 1, latencyMs: { p50: 700, p99: 900 } });
    expect(metrics.models['qwen3']).toMatchObject({ accepted: 2, rejected: 1, jsonParseErrors: 1, retries: 2, replies: 4, fallbackRate: 0, latencyMs: { p50: 100, p95: 300 } });
    expect(metrics.models['gpt-backup']).toMatchObject({ fallbacks: 2, fallbackRate: 1, successRate: 0.5 });
  });

  it('reports nulls, not zeros, where nothing was measured', () => {
    const metrics = channelMetrics([]);
    expect(metrics.channels.tool).toEqual({ accepted: 0, rejected: 0, successRate: null, jsonParseErrors: 0, fallbacks: 0, fallbackRate: null, retries: 0, replies: 0, latencyMs: { p50: null, p95: null, p99: null } });
    expect(metrics.models).toEqual({});
  });
});
