import { describe, expect, it } from 'vitest';
import { FlushQueue } from './flush-queue.js';
import { openSqliteDatabase } from './sqlite-driver.js';

function setup(maxPending = 100) {
  const db = openSqliteDatabase(':memory:');
  db.exec('CREATE TABLE numbers (value INTEGER NOT NULL CHECK (value >= 0))');
  const insert = db.prepare('INSERT INTO numbers (value) VALUES (?)');
  const settled: Array<[number, boolean]> = [];
  const queue = new FlushQueue<number, number>({
    db,
    apply: (value) => {
      insert.run(value);
      return value * 10;
    },
    settled: (value, error) => settled.push([value, error === null]),
    mapError: (error) => new Error(`mapped: ${(error as Error).message}`),
    maxPending,
  });
  const stored = (): number[] => db.prepare<{ value: number }>('SELECT value FROM numbers ORDER BY rowid').all().map((row) => row.value);
  return { db, queue, settled, stored };
}

describe('FlushQueue', () => {
  it('commits writes queued in one tick in one transaction, in order', async () => {
    const { queue, stored } = setup();
    const results = await Promise.all([1, 2, 3].map((value) => queue.push(value)));
    expect(results).toEqual([10, 20, 30]);
    expect(stored()).toEqual([1, 2, 3]);
    expect(queue.flushes).toBe(1);
  });

  it('retries each write alone when the batch fails, so only the bad one is refused', async () => {
    const { queue, stored, settled } = setup();
    const outcomes = await Promise.allSettled([4, -1, 5].map((value) => queue.push(value)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toMatch(/^mapped: CHECK constraint failed/);
    expect(stored()).toEqual([4, 5]);
    expect(settled).toEqual([
      [4, true],
      [-1, false],
      [5, true],
    ]);
    expect(queue.flushes).toBe(4);
  });

  it('writes at once when the queue reaches its limit', () => {
    const { queue, stored } = setup(3);
    void queue.push(1);
    void queue.push(2);
    expect(stored()).toEqual([]);
    void queue.push(3);
    expect(stored()).toEqual([1, 2, 3]);
  });
});
