import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../protocol/index.js';
import { isControlRoomError } from '../../protocol/errors.js';
import { prepareEvent } from './prepare-event.js';

describe('prepareEvent', () => {
  it('takes call_id from a tool payload and failure fields from round.failed', () => {
    expect(prepareEvent({ event_type: 'tool.response', payload: { tool_id: 't', call_id: 'c9', latency_ms: 4, result: null, status: 'ok' } }).call_id).toBe('c9');
    expect(prepareEvent({ event_type: 'tool.response', call_id: null, payload: { tool_id: 't', call_id: 'c9', latency_ms: 4, result: null, status: 'ok' } }).call_id).toBeNull();
    expect(prepareEvent({ event_type: 'round.failed', payload: { failure_code: 'interrupted', failure_reason: 'killed' } })).toMatchObject({
      status: 'failed',
      failure_code: 'interrupted',
      failure_reason: 'killed',
    });
  });

  it('keeps extra payload fields and returns the JSON text it stored', () => {
    const prepared = prepareEvent({ event_type: 'output.emitted', payload: { text: 'hi', channel: 'ui', evidence: ['rcpt_1'] } });
    expect(prepared.payload).toEqual({ text: 'hi', channel: 'ui', evidence: ['rcpt_1'] });
    expect(JSON.parse(prepared.payload_json)).toEqual(prepared.payload);
  });

  it('throws trace_event_invalid, never anything else, for any malformed input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...EVENT_TYPES), fc.string()), fc.anything(), fc.anything(), (eventType, payload, status) => {
        try {
          const prepared = prepareEvent({ event_type: eventType as 'job.progress', payload: payload as Record<string, unknown>, status: status as 'ok' });
          expect(EVENT_TYPES).toContain(prepared.event_type);
          expect(['ok', 'failed', 'skipped']).toContain(prepared.status);
        } catch (error) {
          expect(isControlRoomError(error) && error.code === 'trace_event_invalid').toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
