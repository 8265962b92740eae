import type { TelemetryBucket } from '../../protocol/index.js';
import { emptyBucketCounts, telemetryBucketFor, type BucketCounts } from './telemetry-buckets.js';
import type { TelemetrySessionFile, TelemetryTotalsFile } from './telemetry-files.js';

/** One failed reply counted in one bucket, with the codes that put it there. */
export interface TelemetryHit {
  agentId: string;
  bucket: TelemetryBucket;
  codes: string[];
}

/** What one turn or round reports. */
export interface TelemetryRecord {
  sessionId: string;
  conferenceId: string | null;
  hits: readonly TelemetryHit[];
}

/**
 * The hits of one failed reply (one validation or one refused tool call): the reply counts once in
 * each bucket its codes fall in, so a bucket answers "how many replies failed this way"; a reply
 * that fails, is retried and fails again counts twice. Codes outside the buckets (such as
 * `model_unavailable`) are not counted.
 */
export function telemetryHits(agentId: string, codes: Iterable<string>): TelemetryHit[] {
  const byBucket = new Map<TelemetryBucket, string[]>();
  for (const code of codes) {
    const bucket = telemetryBucketFor(code);
    if (bucket) byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), code]);
  }
  return [...byBucket].map(([bucket, bucketCodes]) => ({ agentId, bucket, codes: bucketCodes }));
}

function bump(counts: Record<string, BucketCounts>, key: string, bucket: TelemetryBucket): void {
  const current = counts[key] ?? emptyBucketCounts();
  counts[key] = { ...current, [bucket]: current[bucket] + 1 };
}

/** The totals file with a record's hits added (a new object). */
export function addToTotals(file: TelemetryTotalsFile, record: TelemetryRecord, nowIso: string): TelemetryTotalsFile {
  if (record.hits.length === 0) return file;
  const totals = { ...file.totals };
  const byAgent = { ...file.byAgent };
  const byConference = { ...file.byConference };
  for (const hit of record.hits) {
    totals[hit.bucket] += 1;
    bump(byAgent, hit.agentId, hit.bucket);
    if (record.conferenceId !== null) bump(byConference, record.conferenceId, hit.bucket);
  }
  return { ...file, totals, byAgent, byConference, updatedAt: nowIso };
}

/** A session file with a record's hits added (a new object). */
export function addToSession(file: TelemetrySessionFile, record: TelemetryRecord, nowIso: string): TelemetrySessionFile {
  if (record.hits.length === 0) return file;
  const totals = { ...file.totals };
  const byAgent = { ...file.byAgent };
  const codes = { ...file.codes };
  for (const hit of record.hits) {
    totals[hit.bucket] += 1;
    bump(byAgent, hit.agentId, hit.bucket);
    for (const code of hit.codes) codes[code] = (codes[code] ?? 0) + 1;
  }
  return { ...file, conferenceId: file.conferenceId ?? record.conferenceId, totals, byAgent, codes, updatedAt: nowIso };
}
