import { describe, expect, it } from 'vitest';
import { KeyedLock } from './keyed-lock.js';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedLock', () => {
  it('runs tasks of one key one at a time, in call order, even when one fails', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const task = (name: string, fail = false) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([lock.run('k', task('a')), lock.run('k', task('b', true)), lock.run('k', task('c'))]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('lets different keys run at the same time and forgets idle keys', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };
    const running = Promise.all([lock.run('x', task('x')), lock.run('y', task('y'))]);
    expect(lock.busyKeys).toBe(2);
    await running;
    expect(log.slice(0, 2)).toEqual(['start x', 'start y']);
    await tick();
    expect(lock.busyKeys).toBe(0);
  });
});
