import path from 'node:path';
import { applyCreditChanges, CREDITS_SCHEMA_VERSION, CreditsFileSchema, emptyCreditsFile, type CreditChange, type CreditsFile, type CreditsStore } from '../../core/credits/index.js';
import type { Clock } from '../../core/ports/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { readJsonFile, serialiseFileChange } from '../json-conference-store/index.js';
import { systemClock } from '../system/index.js';

/** Where a workspace keeps its agents' credits (the v0.5 seed's storage paths). */
export const CREDITS_FILE = '.control-room/credits/credits.json';

/**
 * Credits as one JSON file, changed by read–apply–replace atomically, serialised within the
 * process; a damaged file is reported as `credits_corrupt` and never overwritten.
 */
export class JsonCreditsStore implements CreditsStore {
  readonly filePath: string;
  private readonly clock: Clock;

  constructor(workspaceRoot: string, options: { clock?: Clock } = {}) {
    this.filePath = path.join(path.resolve(workspaceRoot), CREDITS_FILE);
    this.clock = options.clock ?? systemClock;
  }

  async read(): Promise<CreditsFile> {
    return (await readJsonFile(this.filePath, CreditsFileSchema, { code: 'credits_corrupt', what: 'credits file', schemaVersion: CREDITS_SCHEMA_VERSION })) ?? emptyCreditsFile();
  }

  async apply(changes: readonly CreditChange[]): Promise<CreditsFile> {
    if (changes.length === 0) return this.read();
    return serialiseFileChange(this.filePath, async () => {
      const next = applyCreditChanges(await this.read(), changes, this.clock.nowIso());
      await writeJsonAtomic(this.filePath, next);
      return next;
    });
  }
}
