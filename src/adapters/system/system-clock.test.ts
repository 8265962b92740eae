import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from './system-clock.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('systemClock', () => {
  it('gives the ISO text of the current millisecond, new as soon as the clock moves', () => {
    vi.useFakeTimers();
    for (const iso of ['2026-11-25T04:00:00.000Z', '2026-11-25T04:00:00.001Z', '2031-02-03T09:08:07.654Z', '2026-11-25T04:00:00.000Z']) {
      vi.setSystemTime(new Date(iso));
      expect(systemClock.nowIso()).toBe(iso);
      expect(systemClock.nowIso()).toBe(iso);
      expect(systemClock.nowMs()).toBe(Date.parse(iso));
    }
  });

  it('agrees with the wall clock', () => {
    const before = Date.now();
    const stamped = Date.parse(systemClock.nowIso());
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });
});
