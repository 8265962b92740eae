import { describe, expect, it } from 'vitest';
import { EVIDENCE_ISSUE_CODES, REJECTION_CODES, TELEMETRY_BUCKETS } from '../../protocol/index.js';
import { addToSession, addToTotals, telemetryHits } from './add-telemetry.js';
import { telemetryBucketFor } from './telemetry-buckets.js';
import { emptySessionFile, emptyTotalsFile, TelemetrySessionFileSchema, TelemetryTotalsFileSchema } from './telemetry-files.js';

describe('telemetry buckets', () => {
  it('puts every evidence issue and every tool-call rejection in one of the five buckets', () => {
    for (const code of [...EVIDENCE_ISSUE_CODES, ...REJECTION_CODES]) expect(TELEMETRY_BUCKETS, code).toContain(telemetryBucketFor(code));
    expect(telemetryBucketFor('quote_not_found')).toBe('quote_not_found');
    expect(telemetryBucketFor('receipt_unknown')).toBe('evidence_invalid');
    expect(telemetryBucketFor('tool_call_invalid_format')).toBe('tool_syntax');
    expect(telemetryBucketFor('tool_call_nonce_invalid')).toBe('format_error');
    expect(telemetryBucketFor('model_unavailable')).toBeNull();
  });
});

describe('telemetry counts', () => {
  // Two failed checks of one reply: the first with two missing quotes and leaked reasoning, the retry with one missing quote.
  const hits = [...telemetryHits('continuity', ['quote_not_found', 'quote_not_found', 'cot_leak', 'model_unavailable']), ...telemetryHits('continuity', ['quote_not_found'])];
  const record = { sessionId: 's1', conferenceId: 'conf-1', hits };

  it('counts a failed reply once per bucket it falls in', () => {
    expect(telemetryHits('a', ['quote_not_found', 'receipt_unknown', 'source_not_found'])).toEqual([
      { agentId: 'a', bucket: 'quote_not_found', codes: ['quote_not_found'] },
      { agentId: 'a', bucket: 'evidence_invalid', codes: ['receipt_unknown', 'source_not_found'] },
    ]);
    expect(telemetryHits('a', ['model_unavailable'])).toEqual([]);
  });

  it('counts per bucket, per agent and per conference', () => {
    const totals = addToTotals(emptyTotalsFile(), record, 'T1');
    expect(TelemetryTotalsFileSchema.parse(totals)).toEqual(totals);
    expect(totals.totals).toEqual({ evidence_invalid: 0, quote_not_found: 2, tool_syntax: 0, cot_leak: 1, format_error: 0, absence_contradicted: 0, quote_out_of_context: 0, receipt_source_mismatch: 0 });
    expect(totals.byAgent['continuity']).toMatchObject({ quote_not_found: 2, cot_leak: 1 });
    expect(totals.byConference['conf-1']).toMatchObject({ quote_not_found: 2 });
    const chat = addToTotals(totals, { sessionId: 'chat-1', conferenceId: null, hits: telemetryHits('chief', ['tool_call_multiple']) }, 'T2');
    expect(Object.keys(chat.byConference)).toEqual(['conf-1']);
    expect(chat.totals.tool_syntax).toBe(1);
  });

  it('keeps the raw codes per session', () => {
    const session = addToSession(emptySessionFile('s1', 'conf-1'), record, 'T1');
    expect(TelemetrySessionFileSchema.parse(session)).toEqual(session);
    expect(session.codes).toEqual({ quote_not_found: 3, cot_leak: 1 });
    expect(addToSession(session, { ...record, hits: [] }, 'T2')).toBe(session);
  });
});
