import type { AudioPruneReport } from '../../protocol/audio.js';
import { DAY_MS } from './retention.js';

/** The timer functions a schedule uses (the platform's by default; tests pass fake ones). */
export interface RetentionTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** What a running schedule reports: when it last ran and what it removed. */
export interface RetentionStatus {
  intervalMs: number;
  lastRunAt: string | null;
  lastReport: AudioPruneReport | null;
  lastError: string | null;
  runs: number;
}

export interface RetentionSchedule {
  status(): RetentionStatus;
  /** Resolves when the cleanup started at once has finished (tests and start-up logs wait on it). */
  firstRun: Promise<void>;
  stop(): void;
}

const platformTimers: RetentionTimers = {
  setInterval: (run, ms) => {
    const handle = setInterval(run, ms);
    // A cleanup timer never keeps a process alive on its own.
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * Audio retention that runs by itself (thinking-router plan §5): expired clips that are not pinned
 * are removed at once and then every `intervalMs` (a day by default) while the server runs. One
 * cleanup at a time; a failed one is reported and the next still runs.
 */
export function scheduleAudioRetention(
  library: { prune(options?: { dryRun?: boolean }): Promise<AudioPruneReport> },
  options: { intervalMs?: number; timers?: RetentionTimers; nowIso?: () => string; onCleaned?: (report: AudioPruneReport) => void; onError?: (error: unknown) => void } = {},
): RetentionSchedule {
  const intervalMs = options.intervalMs ?? DAY_MS;
  const timers = options.timers ?? platformTimers;
  const status: RetentionStatus = { intervalMs, lastRunAt: null, lastReport: null, lastError: null, runs: 0 };
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    running ??= (async () => {
      try {
        const report = await library.prune();
        status.lastReport = report;
        status.lastError = null;
        if (report.removed.length > 0) options.onCleaned?.(report);
      } catch (error) {
        status.lastError = error instanceof Error ? error.message : String(error);
        options.onError?.(error);
      } finally {
        status.lastRunAt = options.nowIso?.() ?? new Date().toISOString();
        status.runs += 1;
        running = null;
      }
    })();
    return running;
  };
  const firstRun = run();
  const handle = timers.setInterval(() => void run(), intervalMs);
  return { status: () => ({ ...status }), firstRun, stop: () => timers.clearInterval(handle) };
}
