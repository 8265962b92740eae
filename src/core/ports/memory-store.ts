import type { MemoryItemRecord } from '../../protocol/memory.js';

/** A bucket's notes read together with the revision they belong to (one consistent read). */
export interface MemoryBucketSnapshot {
  /** Bumped by every write to the bucket, by any process; 0 for a bucket never written. */
  revision: number;
  items: MemoryItemRecord[];
}

/** Reference signals to add to notes in one write. */
export interface MemorySignalDelta {
  topic_hits?: number;
  citations?: number;
}

/**
 * Where bucket memory lives (`.control-room/memory/` in a workspace). Each method is one atomic
 * write or one consistent read; every write bumps its bucket's revision, so a context package
 * cached by any process can tell it is stale. Values arrive already scrubbed of secrets.
 */
export interface MemoryStore {
  /** Stores a new note. */
  insert(item: MemoryItemRecord): Promise<void>;
  /** The note with this id, or null. */
  get(itemId: string): Promise<MemoryItemRecord | null>;
  /** Sets a note's pin and `last_updated`; the updated note, or null for an unknown id. */
  setPinned(itemId: string, pinned: boolean, at: string): Promise<MemoryItemRecord | null>;
  /** Adds to the signal counters of the listed notes of a bucket (atomically); returns how many notes changed. */
  addSignals(bucketId: string, itemIds: readonly string[], delta: MemorySignalDelta, at: string): Promise<number>;
  /** Every note of a bucket with the bucket's revision, read in one transaction. */
  snapshot(bucketId: string): Promise<MemoryBucketSnapshot>;
  /** The bucket's current revision (cheap: used to check a cached package). */
  revision(bucketId: string): Promise<number>;
  /** Ids of the buckets that hold notes, sorted. */
  bucketIds(): Promise<string[]>;
  /** Releases the store; later calls throw. */
  close(): Promise<void>;
}
