import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import type { Clock } from '../../core/ports/index.js';
import {
  addToSession,
  addToTotals,
  emptySessionFile,
  emptyTotalsFile,
  TELEMETRY_SCHEMA_VERSION,
  TelemetrySessionFileSchema,
  TelemetryTotalsFileSchema,
  type TelemetryRecord,
  type TelemetrySessionFile,
  type TelemetryStore,
  type TelemetryTotalsFile,
} from '../../core/telemetry/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { readJsonFile, serialiseFileChange } from '../json-conference-store/index.js';
import { systemClock } from '../system/index.js';

/** Where a workspace keeps its telemetry (the seed's "sessions + totals"). */
export const TELEMETRY_DIR = '.control-room/telemetry';

const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Telemetry as JSON files: `totals.json` and `sessions/<sessionId>.json`, each replaced
 * atomically, changes serialised within the process. Damaged files are reported as
 * `telemetry_corrupt` and never overwritten.
 */
export class JsonTelemetryStore implements TelemetryStore {
  readonly dir: string;
  private readonly clock: Clock;

  constructor(workspaceRoot: string, options: { clock?: Clock } = {}) {
    this.dir = path.join(path.resolve(workspaceRoot), TELEMETRY_DIR);
    this.clock = options.clock ?? systemClock;
  }

  async record(record: TelemetryRecord): Promise<void> {
    if (record.hits.length === 0) return;
    const sessionFile = this.sessionPath(record.sessionId);
    const now = this.clock.nowIso();
    await serialiseFileChange(this.totalsPath(), async () => {
      await writeJsonAtomic(this.totalsPath(), addToTotals(await this.totals(), record, now));
    });
    await serialiseFileChange(sessionFile, async () => {
      const current = (await this.session(record.sessionId)) ?? emptySessionFile(record.sessionId, record.conferenceId);
      await writeJsonAtomic(sessionFile, addToSession(current, record, now));
    });
  }

  async totals(): Promise<TelemetryTotalsFile> {
    const options = { code: 'telemetry_corrupt', what: 'telemetry totals file', schemaVersion: TELEMETRY_SCHEMA_VERSION };
    return (await readJsonFile(this.totalsPath(), TelemetryTotalsFileSchema, options)) ?? emptyTotalsFile();
  }

  async session(sessionId: string): Promise<TelemetrySessionFile | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    const options = { code: 'telemetry_corrupt', what: 'telemetry session file', schemaVersion: TELEMETRY_SCHEMA_VERSION };
    return readJsonFile(this.sessionPath(sessionId), TelemetrySessionFileSchema, options);
  }

  private totalsPath(): string {
    return path.join(this.dir, 'totals.json');
  }

  private sessionPath(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) throw new ControlRoomError('telemetry_session_invalid', `The session id ${JSON.stringify(sessionId)} cannot name a telemetry file: use 1–128 letters, digits, "-" or "_".`, { fault: 'system' });
    return path.join(this.dir, 'sessions', `${sessionId}.json`);
  }
}
