import type { TelemetryRecord } from './add-telemetry.js';
import type { TelemetrySessionFile, TelemetryTotalsFile } from './telemetry-files.js';

/** Rejection telemetry (`.control-room/telemetry/`): totals plus one file per session. */
export interface TelemetryStore {
  /** Adds a record's hits to the totals and to its session (nothing is written for no hits). */
  record(record: TelemetryRecord): Promise<void>;
  totals(): Promise<TelemetryTotalsFile>;
  /** A session's counts, or null when it has none. */
  session(sessionId: string): Promise<TelemetrySessionFile | null>;
}
