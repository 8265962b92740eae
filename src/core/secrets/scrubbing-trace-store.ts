import type { TraceStore } from '../ports/index.js';
import type { SecretScrubber } from './secret-scrubber.js';

/**
 * The scrubbing boundary of decision traces: a trace store whose writes — round headers, events,
 * a finished round's failure reason — are scrubbed before they reach the wrapped store, whoever
 * writes them. Free text gets the named rules and the entropy check; one-token fields (ids,
 * hashes) the named rules only. Reads, exports and `close` are the wrapped store's own.
 *
 * A scrub takes as long as its text needs, so writes of one round reach the wrapped store in the
 * order they were made (the store numbers events as they arrive), whichever scrub ends first —
 * and without waiting for each other's writes, so a burst of events still shares one write.
 */
export function scrubbingTraceStore(store: TraceStore, scrubber: SecretScrubber): TraceStore {
  const scrub = async <T>(value: T): Promise<T> => (await scrubber.scrubValue(value, { entropy: 'free-text' })).value;
  const queues = new Map<string, Promise<unknown>>();
  /** Calls `write` with the scrubbed value once every earlier write of the round has been handed over. */
  const inOrder = <T, R>(roundId: string, value: T, write: (clean: T) => Promise<R>): Promise<R> => {
    const previous = queues.get(roundId) ?? Promise.resolve();
    const handed = Promise.all([scrub(value), previous]).then(([clean]) => ({ result: write(clean) }));
    const settled = handed.catch(() => undefined);
    queues.set(roundId, settled);
    void settled.then(() => {
      if (queues.get(roundId) === settled) queues.delete(roundId);
    });
    return handed.then((handedOver) => handedOver.result);
  };
  const writes: Partial<TraceStore> = {
    beginRound: async (input) => store.beginRound(await scrub(input)),
    appendEvent: (roundId, event) => inOrder(roundId, event, (clean) => store.appendEvent(roundId, clean)),
    finishRound: (roundId, input) => inOrder(roundId, input, (clean) => store.finishRound(roundId, clean)),
  };
  return new Proxy(store, {
    get(target, key) {
      if (typeof key === 'string' && key in writes) return writes[key as keyof TraceStore];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
