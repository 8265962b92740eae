import { describe, expect, it } from 'vitest';
import type { AudioPruneReport } from '../../protocol/audio.js';
import { DAY_MS } from './retention.js';
import { scheduleAudioRetention, type RetentionTimers } from './retention-schedule.js';

function fakeTimers() {
  let tick: (() => void) | null = null;
  let interval = 0;
  let cleared = false;
  const timers: RetentionTimers = {
    setInterval: (run, ms) => {
      tick = run;
      interval = ms;
      return 1;
    },
    clearInterval: () => {
      cleared = true;
    },
  };
  return { timers, fire: () => tick?.(), interval: () => interval, cleared: () => cleared };
}

const report = (removed: number): AudioPruneReport => ({
  dry_run: false, now: '2026-01-01T00:00:00.000Z', kept_pinned: [], kept_unexpired: 0, freed_bytes: removed * 10,
  removed: Array.from({ length: removed }, (_, index) => ({ audio_id: `a${index}`, path: `p${index}`, size_bytes: 10, expires_at: 'x' })),
});

describe('scheduleAudioRetention', () => {
  it('cleans up at once, then once a day, and stops', async () => {
    const fake = fakeTimers();
    const prunes: number[] = [];
    const cleaned: number[] = [];
    const schedule = scheduleAudioRetention({ prune: async () => (prunes.push(1), report(prunes.length === 1 ? 2 : 0)) }, { timers: fake.timers, onCleaned: (found) => cleaned.push(found.removed.length) });
    await schedule.firstRun;
    expect(fake.interval()).toBe(DAY_MS);
    expect(schedule.status()).toMatchObject({ runs: 1, lastError: null, lastReport: { removed: [{ audio_id: 'a0' }, { audio_id: 'a1' }] } });
    fake.fire();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prunes).toHaveLength(2);
    expect(cleaned).toEqual([2]);
    schedule.stop();
    expect(fake.cleared()).toBe(true);
  });

  it('reports a failed cleanup and still runs the next one', async () => {
    const fake = fakeTimers();
    let calls = 0;
    const errors: unknown[] = [];
    const schedule = scheduleAudioRetention({ prune: async () => { calls += 1; if (calls === 1) throw new Error('disk gone'); return report(1); } }, { timers: fake.timers, onError: (error) => errors.push(error) });
    await schedule.firstRun;
    expect(schedule.status()).toMatchObject({ runs: 1, lastError: 'disk gone' });
    fake.fire();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(schedule.status()).toMatchObject({ runs: 2, lastError: null });
    expect(errors).toHaveLength(1);
  });
});
