import type { RoundHeader, TracedRound } from '../../protocol/index.js';
import type { AppendEventInput, BeginRoundInput, FinishRoundInput, TraceStore } from '../ports/index.js';

/** Where finished rounds go besides the store: an OTLP exporter, say. */
export interface RoundSink {
  /** Sends one finished round; resolves once it is sent (a collector over the network may take a while). */
  exportRound(traced: TracedRound): Promise<unknown>;
  /** Sends what is pending and releases the sink. */
  shutdown(): Promise<void>;
}

/**
 * A trace store that also hands every round it finishes to a sink. The store stays the source of
 * truth: a round is exported only once it is stored, read back as stored, and a sink that fails
 * (a collector down) never fails the turn — it is reported to `onError` and the turn goes on.
 * `close()` waits for exports under way, so a command that exits after closing loses nothing.
 */
export class ExportingTraceStore implements TraceStore {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly inner: TraceStore,
    private readonly sink: RoundSink,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  get libraryId(): string {
    return this.inner.libraryId;
  }

  beginRound(input: BeginRoundInput): Promise<RoundHeader> {
    return this.inner.beginRound(input);
  }

  appendEvent(roundId: string, event: AppendEventInput) {
    return this.inner.appendEvent(roundId, event);
  }

  async finishRound(roundId: string, input: FinishRoundInput): Promise<RoundHeader> {
    const header = await this.inner.finishRound(roundId, input);
    this.track(roundId);
    return header;
  }

  getRound(roundId: string): Promise<TracedRound | null> {
    return this.inner.getRound(roundId);
  }

  listRounds(filter?: { conversation_id?: string; limit?: number }): Promise<RoundHeader[]> {
    return this.inner.listRounds(filter);
  }

  exportRounds(): AsyncIterable<TracedRound> {
    return this.inner.exportRounds();
  }

  exportJsonl(): AsyncIterable<string> {
    return this.inner.exportJsonl();
  }

  /** Resolves once every round finished so far has been handed to the sink. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.sink.shutdown().catch(this.onError);
    await this.inner.close();
  }

  private track(roundId: string): void {
    const work = (async () => {
      const traced = await this.inner.getRound(roundId);
      if (traced) await this.sink.exportRound(traced);
    })().catch(this.onError);
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }
}
