import type { Clock } from '../ports/index.js';
import { applyCreditChanges, type CreditChange } from './credit-changes.js';
import { emptyCreditsFile, type CreditsFile } from './credits-file.js';
import type { CreditsStore } from './credits-store.js';

/** Credits in memory with the same rules as the JSON store, for tests and benchmarks. */
export class InMemoryCreditsStore implements CreditsStore {
  private file: CreditsFile = emptyCreditsFile();

  constructor(private readonly clock: Clock) {}

  async read(): Promise<CreditsFile> {
    return structuredClone(this.file);
  }

  async apply(changes: readonly CreditChange[]): Promise<CreditsFile> {
    this.file = applyCreditChanges(this.file, changes, this.clock.nowIso());
    return structuredClone(this.file);
  }
}
