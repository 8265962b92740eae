import type { CreditChange } from './credit-changes.js';
import type { CreditsFile } from './credits-file.js';

/** Agents' credits (`.control-room/credits/credits.json`), changed only as whole, atomic writes. */
export interface CreditsStore {
  /** The current file (an empty one when nothing was recorded yet). */
  read(): Promise<CreditsFile>;
  /** Applies the changes in one write and returns the new file. */
  apply(changes: readonly CreditChange[]): Promise<CreditsFile>;
}
