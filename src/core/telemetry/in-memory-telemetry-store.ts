import type { Clock } from '../ports/index.js';
import { addToSession, addToTotals, type TelemetryRecord } from './add-telemetry.js';
import { emptySessionFile, emptyTotalsFile, type TelemetrySessionFile, type TelemetryTotalsFile } from './telemetry-files.js';
import type { TelemetryStore } from './telemetry-store.js';

/** Telemetry in memory with the same rules as the JSON store, for tests and benchmarks. */
export class InMemoryTelemetryStore implements TelemetryStore {
  private totalsFile: TelemetryTotalsFile = emptyTotalsFile();
  private readonly sessions = new Map<string, TelemetrySessionFile>();

  constructor(private readonly clock: Clock) {}

  async record(record: TelemetryRecord): Promise<void> {
    if (record.hits.length === 0) return;
    const now = this.clock.nowIso();
    this.totalsFile = addToTotals(this.totalsFile, record, now);
    const session = this.sessions.get(record.sessionId) ?? emptySessionFile(record.sessionId, record.conferenceId);
    this.sessions.set(record.sessionId, addToSession(session, record, now));
  }

  async totals(): Promise<TelemetryTotalsFile> {
    return structuredClone(this.totalsFile);
  }

  async session(sessionId: string): Promise<TelemetrySessionFile | null> {
    const found = this.sessions.get(sessionId);
    return found ? structuredClone(found) : null;
  }
}
