import { TELEMETRY_BUCKETS, type TelemetryBucket } from '../../protocol/index.js';
import { EVIDENCE_TELEMETRY_BUCKETS } from '../evidence/telemetry-bucket.js';

/** Counts per bucket; every bucket is present, so readers never meet a missing key. */
export type BucketCounts = Record<TelemetryBucket, number>;

/** Every bucket at zero. */
export function emptyBucketCounts(): BucketCounts {
  return Object.fromEntries(TELEMETRY_BUCKETS.map((bucket) => [bucket, 0])) as BucketCounts;
}

const BUCKET_OF: Readonly<Record<string, TelemetryBucket>> = {
  // Evidence issues (SPEC §7, §15): one table, kept with the codes.
  ...EVIDENCE_TELEMETRY_BUCKETS,
  // Tool-call rejections (SPEC §4), "mapped into tool_syntax or format_error" (v0.5 seed): a reply
  // that is not one clean call is a syntax failure; a clean call with wrong content is a format error.
  tool_call_invalid_format: 'tool_syntax',
  tool_call_multiple: 'tool_syntax',
  tool_call_unknown_tool: 'format_error',
  tool_call_invalid_args: 'format_error',
  tool_call_nonce_invalid: 'format_error',
  tool_call_output_limit: 'format_error',
};

/** The telemetry bucket of an evidence issue or tool-call rejection code; null for codes not counted. */
export function telemetryBucketFor(code: string): TelemetryBucket | null {
  return BUCKET_OF[code] ?? null;
}
