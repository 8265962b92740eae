import { describe, expect, it } from 'vitest';
import { EVIDENCE_ISSUE_CODES, TELEMETRY_BUCKETS } from '../../protocol/index.js';
import { evidenceTelemetryBucket, evidenceTelemetryBuckets } from './telemetry-bucket.js';

describe('evidence telemetry buckets', () => {
  it('puts every issue code in one of the SPEC §7 buckets', () => {
    for (const code of EVIDENCE_ISSUE_CODES) expect(TELEMETRY_BUCKETS).toContain(evidenceTelemetryBucket(code));
    expect(evidenceTelemetryBucket('quote_not_found')).toBe('quote_not_found');
    expect(evidenceTelemetryBucket('cot_leak')).toBe('cot_leak');
    expect(evidenceTelemetryBucket('tool_syntax')).toBe('tool_syntax');
    expect(evidenceTelemetryBucket('evidence_missing')).toBe('evidence_invalid');
    expect(evidenceTelemetryBucket('receipt_unknown')).toBe('evidence_invalid');
  });

  it('gives each forgery that the truth checks refuse its own bucket, not evidence_invalid', () => {
    // A planted absence, a quote cut from its negation, a borrowed receipt: each counted apart.
    expect(evidenceTelemetryBucket('absence_contradicted')).toBe('absence_contradicted');
    expect(evidenceTelemetryBucket('quote_out_of_context')).toBe('quote_out_of_context');
    expect(evidenceTelemetryBucket('receipt_source_mismatch')).toBe('receipt_source_mismatch');
    const codes = ['absence_contradicted', 'quote_out_of_context', 'receipt_source_mismatch'] as const;
    expect(evidenceTelemetryBuckets(codes.map((code) => ({ code })))).toEqual([...codes]);
  });

  it('lists the distinct buckets of a reply’s issues in order', () => {
    expect(evidenceTelemetryBuckets([{ code: 'cot_leak' }, { code: 'source_not_found' }, { code: 'receipt_unknown' }, { code: 'quote_not_found' }])).toEqual(['cot_leak', 'evidence_invalid', 'quote_not_found']);
  });
});
