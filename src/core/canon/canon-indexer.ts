import { ControlRoomError, isControlRoomError } from '../../protocol/index.js';
import type { CanonIndexStatus } from '../../protocol/canon.js';
import type { Clock } from '../ports/index.js';
import { buildCanonIndex, type CanonIndexDependencies, type CanonIndexResult } from './build-canon-index.js';
import type { CanonStore } from './canon-store.js';

/** How a build ended, as data, so a caller that does not wait for it leaves no unhandled rejection. */
export type CanonBuildOutcome = { ok: true; value: CanonIndexResult } | { ok: false; error: { code: string; message: string } };

/** What a build needs besides the store and clock the indexer already has. */
export type CanonBuildRequest = Omit<CanonIndexDependencies, 'store' | 'clock'>;

const IDLE: CanonIndexStatus = { state: 'idle', done: 0, total: 0, startedAt: null, finishedAt: null, facts: 0, mode: null };

/**
 * Runs canon index builds for one workspace, one at a time, and keeps their status for
 * `GET /api/canon/index/status`. Before any build in this process the status comes from the
 * last build's `canon-meta.json`.
 */
export class CanonIndexer {
  private current: CanonIndexStatus | null = null;
  private last: CanonIndexStatus | null = null;

  constructor(private readonly options: { store: CanonStore; clock: Clock }) {}

  /** The running build's progress, else the last build's outcome, else the stored metadata. */
  async status(): Promise<CanonIndexStatus> {
    const known = this.current ?? this.last;
    if (known) return { ...known };
    const meta = await this.options.store.readMeta();
    if (meta === null) return { ...IDLE };
    const sources = meta.sources.length;
    return { state: 'done', done: sources, total: sources, startedAt: null, finishedAt: meta.built_at, facts: meta.fact_count, mode: meta.mode };
  }

  /** True while a build runs. */
  get running(): boolean {
    return this.current !== null;
  }

  /**
   * Starts a build and returns its first status plus a promise of how it ended (never rejected).
   * Throws `canon_index_busy` while another build of this workspace runs.
   */
  start(request: CanonBuildRequest): { status: CanonIndexStatus; outcome: Promise<CanonBuildOutcome> } {
    if (this.current) {
      throw new ControlRoomError('canon_index_busy', `A canon index build is already running (${this.current.done}/${this.current.total} files); wait for it to finish.`, {
        details: { status: { ...this.current } },
      });
    }
    const status: CanonIndexStatus = { state: 'running', done: 0, total: 0, startedAt: this.options.clock.nowIso(), finishedAt: null, facts: 0, mode: request.model ? 'model' : 'deterministic' };
    this.current = status;
    const outcome = buildCanonIndex({
      ...request,
      store: this.options.store,
      clock: this.options.clock,
      onProgress: (progress) => {
        status.done = progress.done;
        status.total = progress.total;
        request.onProgress?.(progress);
      },
    }).then(
      (value): CanonBuildOutcome => {
        this.finish({ ...status, state: 'done', facts: value.meta.fact_count, finishedAt: this.options.clock.nowIso() });
        return { ok: true, value };
      },
      (error: unknown): CanonBuildOutcome => {
        const failure = isControlRoomError(error)
          ? { code: error.code, message: error.message }
          : { code: 'internal_error', message: error instanceof Error ? error.message : String(error) };
        this.finish({ ...status, state: 'failed', finishedAt: this.options.clock.nowIso(), error: failure });
        return { ok: false, error: failure };
      },
    );
    return { status: { ...status }, outcome };
  }

  private finish(status: CanonIndexStatus): void {
    this.current = null;
    this.last = status;
  }
}
