import type { EvidenceIssueCode, TelemetryBucket } from '../../protocol/index.js';

/**
 * The SPEC §7 telemetry bucket of each evidence issue. Quote misses, tool syntax, leaked
 * reasoning and the three truth checks (a contradicted absence, a quote out of context, a quote
 * its receipts did not read) have their own buckets; every other evidence problem — a missing,
 * doubled or malformed line as much as a bad source, reference, scope, receipt or role — is
 * `evidence_invalid`.
 * `format_error` stays for tool-call replies with the wrong shape (the v0.5 seed maps tool-call
 * failures to `tool_syntax` or `format_error`), so one bucket answers "how often is evidence bad".
 * Same table as `core/telemetry`'s `telemetryBucketFor`; typed here so a new code cannot be missed.
 */
export const EVIDENCE_TELEMETRY_BUCKETS: Readonly<Record<EvidenceIssueCode, TelemetryBucket>> = {
  evidence_missing: 'evidence_invalid',
  evidence_multiple: 'evidence_invalid',
  evidence_invalid: 'evidence_invalid',
  quote_not_found: 'quote_not_found',
  source_not_found: 'evidence_invalid',
  structural_ref_missing: 'evidence_invalid',
  absence_scope_missing: 'evidence_invalid',
  receipt_unknown: 'evidence_invalid',
  source_role_mismatch: 'evidence_invalid',
  cot_leak: 'cot_leak',
  tool_syntax: 'tool_syntax',
  absence_contradicted: 'absence_contradicted',
  quote_out_of_context: 'quote_out_of_context',
  receipt_source_mismatch: 'receipt_source_mismatch',
};

/** The telemetry bucket of one evidence issue code. */
export function evidenceTelemetryBucket(code: EvidenceIssueCode): TelemetryBucket {
  return EVIDENCE_TELEMETRY_BUCKETS[code];
}

/** The distinct buckets a rejected reply counts in, in the order of its issues. */
export function evidenceTelemetryBuckets(issues: ReadonlyArray<{ code: EvidenceIssueCode }>): TelemetryBucket[] {
  return [...new Set(issues.map((issue) => EVIDENCE_TELEMETRY_BUCKETS[issue.code]))];
}
