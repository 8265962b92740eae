/**
 * Serialises async work per key (a conversation, a bucket) while different keys run freely: each
 * task starts after the previous task of the same key has settled, whether it succeeded or not.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` after every earlier task of `key`; resolves or rejects with its outcome. */
  run<T>(key: string, task: () => T | Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const outcome = previous.then(task);
    const tail = outcome.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget idle keys so a long-running process does not keep one entry per conversation ever seen.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return outcome;
  }

  /** Number of keys with work queued or running (for tests and diagnostics). */
  get busyKeys(): number {
    return this.tails.size;
  }
}
