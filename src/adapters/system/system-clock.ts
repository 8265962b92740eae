import type { Clock } from '../../core/ports/index.js';

/** The last millisecond written as ISO text, and its text: a turn stamps tens of events within one. */
let last = { ms: Number.NaN, iso: '' };

/** The wall clock. */
export const systemClock: Clock = {
  nowMs: () => Date.now(),
  nowIso: () => {
    const ms = Date.now();
    if (ms !== last.ms) last = { ms, iso: new Date(ms).toISOString() };
    return last.iso;
  },
};
