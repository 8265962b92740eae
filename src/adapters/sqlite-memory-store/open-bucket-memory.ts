import path from 'node:path';
import type { Clock, Ids } from '../../core/ports/index.js';
import { BucketMemory } from '../../core/memory/index.js';
import type { SecretScrubber } from '../../core/secrets/index.js';
import { processScrubber } from '../secretlint-scanner/index.js';
import { systemClock, systemIds } from '../system/index.js';
import { SqliteMemoryStore } from './sqlite-memory-store.js';

/** Where a workspace keeps its bucket memory. */
export const MEMORY_DB_PATH = '.control-room/memory/memory.db';

export interface OpenBucketMemoryOptions {
  clock?: Clock;
  ids?: Pick<Ids, 'uuidv7'>;
  /** The scrubber notes pass before they are stored (the process's own by default). */
  scrubber?: SecretScrubber;
  halfLifeMs?: number;
}

/** Opens `<workspace>/.control-room/memory/memory.db` as bucket memory; `close()` releases the database. */
export async function openBucketMemory(workspaceRoot: string, options: OpenBucketMemoryOptions = {}): Promise<BucketMemory> {
  const store = await SqliteMemoryStore.open(path.join(path.resolve(workspaceRoot), MEMORY_DB_PATH));
  return new BucketMemory({
    store,
    scrubber: options.scrubber ?? processScrubber(),
    clock: options.clock ?? systemClock,
    ids: options.ids ?? systemIds,
    ...(options.halfLifeMs === undefined ? {} : { halfLifeMs: options.halfLifeMs }),
  });
}
