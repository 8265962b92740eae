import type { Clock } from '../ports/index.js';

/** A clock that starts at `startIso` and moves forward `stepMs` each time it is read: distinct, ordered, reproducible times. */
export function steppingClock(startIso = '2025-01-01T00:00:00.000Z', stepMs = 1000): Clock {
  let next = Date.parse(startIso);
  const tick = (): number => {
    const now = next;
    next += stepMs;
    return now;
  };
  return { nowMs: tick, nowIso: () => new Date(tick()).toISOString() };
}
