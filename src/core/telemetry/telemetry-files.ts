import { z } from 'zod';
import { TELEMETRY_BUCKETS } from '../../protocol/index.js';
import { emptyBucketCounts } from './telemetry-buckets.js';

export const TELEMETRY_SCHEMA_VERSION = 1;

// A bucket added after a file was written reads as zero, so older files stay readable.
const BucketCountsSchema = z.strictObject(
  Object.fromEntries(TELEMETRY_BUCKETS.map((bucket) => [bucket, z.number().int().min(0).default(0)])) as Record<
    (typeof TELEMETRY_BUCKETS)[number],
    z.ZodDefault<z.ZodNumber>
  >,
);

/** `.control-room/telemetry/totals.json`: every count, overall, per agent and per conference. */
export const TelemetryTotalsFileSchema = z.strictObject({
  schema_version: z.literal(TELEMETRY_SCHEMA_VERSION),
  totals: BucketCountsSchema,
  byAgent: z.record(z.string(), BucketCountsSchema),
  byConference: z.record(z.string(), BucketCountsSchema),
  updatedAt: z.string().nullable(),
});
export type TelemetryTotalsFile = z.infer<typeof TelemetryTotalsFileSchema>;

/** `.control-room/telemetry/sessions/<sessionId>.json`: one session's counts, with the raw codes. */
export const TelemetrySessionFileSchema = z.strictObject({
  schema_version: z.literal(TELEMETRY_SCHEMA_VERSION),
  sessionId: z.string(),
  /** Conference tag (the seed's "conference_id + agent_id"); null for 1:1 sessions. */
  conferenceId: z.string().nullable(),
  totals: BucketCountsSchema,
  byAgent: z.record(z.string(), BucketCountsSchema),
  /** Counts per issue or rejection code, so a bucket can be broken down. */
  codes: z.record(z.string(), z.number().int().min(0)),
  updatedAt: z.string().nullable(),
});
export type TelemetrySessionFile = z.infer<typeof TelemetrySessionFileSchema>;

export function emptyTotalsFile(): TelemetryTotalsFile {
  return { schema_version: TELEMETRY_SCHEMA_VERSION, totals: emptyBucketCounts(), byAgent: {}, byConference: {}, updatedAt: null };
}

export function emptySessionFile(sessionId: string, conferenceId: string | null): TelemetrySessionFile {
  return { schema_version: TELEMETRY_SCHEMA_VERSION, sessionId, conferenceId, totals: emptyBucketCounts(), byAgent: {}, codes: {}, updatedAt: null };
}
