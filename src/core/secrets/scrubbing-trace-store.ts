import type { TraceStore } from '../ports/index.js';
import type { SecretScrubber } from './secret-scrubber.js';

/**
 * The scrubbing boundary of decision traces: a trace store whose writes — round headers, events,
 * a finished round's failure reason — are scrubbed before they reach the wrapped store, whoever
 * writes them. Free text gets the named rules and the entropy check; one-token fields (ids,
 * hashes) the named rules only. Reads, exports and `close` are the wrapped store's own.
 */
export function scrubbingTraceStore(store: TraceStore, scrubber: SecretScrubber): TraceStore {
  const scrub = async <T>(value: T): Promise<T> => (await scrubber.scrubValue(value, { entropy: 'free-text' })).value;
  const writes: Partial<TraceStore> = {
    beginRound: async (input) => store.beginRound(await scrub(input)),
    appendEvent: async (roundId, event) => store.appendEvent(roundId, await scrub(event)),
    finishRound: async (roundId, input) => store.finishRound(roundId, await scrub(input)),
  };
  return new Proxy(store, {
    get(target, key) {
      if (typeof key === 'string' && key in writes) return writes[key as keyof TraceStore];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
