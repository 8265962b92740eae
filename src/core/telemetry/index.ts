export { emptyBucketCounts, telemetryBucketFor } from './telemetry-buckets.js';
export type { BucketCounts } from './telemetry-buckets.js';
export {
  TELEMETRY_SCHEMA_VERSION,
  TelemetryTotalsFileSchema,
  TelemetrySessionFileSchema,
  emptyTotalsFile,
  emptySessionFile,
} from './telemetry-files.js';
export type { TelemetryTotalsFile, TelemetrySessionFile } from './telemetry-files.js';
export { telemetryHits, addToTotals, addToSession } from './add-telemetry.js';
export type { TelemetryHit, TelemetryRecord } from './add-telemetry.js';
export type { TelemetryStore } from './telemetry-store.js';
export { InMemoryTelemetryStore } from './in-memory-telemetry-store.js';
