import type { SqliteDatabase } from './sqlite-driver.js';

interface Queued<Write, Result> {
  write: Write;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
}

export interface FlushQueueOptions<Write, Result> {
  db: SqliteDatabase;
  /** Runs one write inside the flush's transaction; throwing rolls the transaction back. */
  apply: (write: Write) => Result;
  /** Called once per write after its outcome is known (error null on success), before its caller hears. */
  settled: (write: Write, error: unknown) => void;
  /** Turns a driver error into the error the caller receives. */
  mapError: (error: unknown) => unknown;
  /** A burst larger than this is written at once rather than held until the next tick. */
  maxPending: number;
}

/**
 * Writes queued by many async callers and committed together: ONE transaction per flush, a flush
 * being scheduled with setImmediate, so everything queued in the same tick shares a commit. If the
 * batch transaction fails, each write is retried alone, so one bad write costs only its own caller.
 */
export class FlushQueue<Write, Result> {
  private pending: Queued<Write, Result>[] = [];
  private timer: ReturnType<typeof setImmediate> | null = null;
  private transactions = 0;

  constructor(private readonly options: FlushQueueOptions<Write, Result>) {}

  /** Write transactions run so far. */
  get flushes(): number {
    return this.transactions;
  }

  /** Queues a write; resolves with `apply`'s result once committed. */
  push(write: Write): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.pending.push({ write, resolve, reject });
      if (this.pending.length >= this.options.maxPending) this.flush();
      else this.timer ??= setImmediate(() => this.flush());
    });
  }

  /** Commits everything queued now, synchronously. */
  flush(): void {
    if (this.timer !== null) {
      clearImmediate(this.timer);
      this.timer = null;
    }
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const { db, apply } = this.options;
    let results: Result[];
    try {
      this.transactions += 1;
      results = db.transaction(() => batch.map((queued) => apply(queued.write))).immediate();
    } catch (error) {
      if (batch.length === 1) return this.fail(batch[0]!, error);
      for (const queued of batch) {
        try {
          this.transactions += 1;
          this.succeed(queued, db.transaction(() => apply(queued.write)).immediate());
        } catch (single) {
          this.fail(queued, single);
        }
      }
      return;
    }
    batch.forEach((queued, index) => this.succeed(queued, results[index]!));
  }

  private succeed(queued: Queued<Write, Result>, value: Result): void {
    this.options.settled(queued.write, null);
    queued.resolve(value);
  }

  private fail(queued: Queued<Write, Result>, error: unknown): void {
    this.options.settled(queued.write, error);
    queued.reject(this.options.mapError(error));
  }
}
