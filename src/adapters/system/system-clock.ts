import type { Clock } from '../../core/ports/index.js';

/** The wall clock. */
export const systemClock: Clock = {
  nowMs: () => Date.now(),
  nowIso: () => new Date().toISOString(),
};
