/**
 * Serialises the model turns of one agent (SPEC §4): a second turn for the same key waits until
 * the first has finished, while different keys (agents, conversations) run concurrently.
 */
export class TurnGate {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` after every earlier call with the same key has settled. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a turn running or waiting. */
  busyKeys(): string[] {
    return [...this.tails.keys()];
  }
}
