import type { BucketContextPackage, BucketMemoryItem, MemoryBucketSummary, MemorySearchHit } from '../../protocol/memory.js';
import type { Clock, Ids } from '../ports/index.js';
import type { MemorySignalDelta, MemoryStore } from '../ports/memory-store.js';
import type { SecretScrubber } from '../secrets/index.js';
import { KeyedLock } from '../traces/index.js';
import { buildBucketContext, packageContext, type BuiltBucketContext } from './build-context-package.js';
import { itemNotFound, memoryError } from './memory-errors.js';
import { checkBucketId, prepareMemoryItem, requireBucketShape, resolveBucketId, type NewMemoryItem } from './prepare-memory-item.js';
import { citedItemIds } from './match-citations.js';
import { compareForRetrieval, DEFAULT_HALF_LIFE_MS, rankItem } from './rank-items.js';
import { itemTerms, searchTerms, sharedTerms, topicTerms } from './topic-terms.js';

export interface BucketMemoryOptions {
  store: MemoryStore;
  scrubber: SecretScrubber;
  clock: Clock;
  ids: Pick<Ids, 'uuidv7'>;
  /** Recency halves every this many milliseconds (default 7 days). */
  halfLifeMs?: number;
  /** A cached package older than this is rebuilt even without writes, so recency stays current (default 10 minutes). */
  cacheMaxAgeMs?: number;
}

/** Packages kept at most; the oldest is dropped first. */
const MAX_CACHED_BUCKETS = 256;
const DEFAULT_SEARCH_LIMIT = 20;

/**
 * Bucket memory over a `MemoryStore`: notes with pins and reference signals, a register line and
 * a context package per bucket. Writes to one bucket run one after another (a promise chain per
 * bucket) while buckets proceed concurrently; each write drops the bucket's cached package, and a
 * revision check catches writes made by other processes.
 */
export class BucketMemory {
  /** How many packages were built and how many were served from the cache (for tests and diagnostics). */
  readonly stats = { builds: 0, hits: 0 };
  private readonly store: MemoryStore;
  private readonly scrubber: SecretScrubber;
  private readonly clock: Clock;
  private readonly ids: Pick<Ids, 'uuidv7'>;
  private readonly halfLifeMs: number;
  private readonly cacheMaxAgeMs: number;
  private readonly lock = new KeyedLock();
  private readonly cache = new Map<string, BuiltBucketContext>();

  constructor(options: BucketMemoryOptions) {
    this.store = options.store;
    this.scrubber = options.scrubber;
    this.clock = options.clock;
    this.ids = options.ids;
    this.halfLifeMs = options.halfLifeMs ?? DEFAULT_HALF_LIFE_MS;
    this.cacheMaxAgeMs = options.cacheMaxAgeMs ?? 10 * 60 * 1000;
  }

  /** Remembers a note (scrubbed of secrets first) and returns it ranked. */
  async add(input: NewMemoryItem): Promise<BucketMemoryItem> {
    const bucketId = await checkBucketId(resolveBucketId(input), this.scrubber);
    return this.write(bucketId, async () => {
      const now = this.clock.nowMs();
      const record = await prepareMemoryItem(input, { bucketId, itemId: this.ids.uuidv7(), nowIso: new Date(now).toISOString(), scrubber: this.scrubber });
      await this.store.insert(record);
      return rankItem(record, now, this.halfLifeMs);
    });
  }

  /** Pins a note (or unpins it with `pinned: false`). */
  async pin(itemId: string, pinned = true): Promise<BucketMemoryItem> {
    const found = await this.store.get(itemId);
    if (found === null) throw itemNotFound(itemId);
    return this.write(found.bucket_id, async () => {
      const now = this.clock.nowMs();
      const updated = await this.store.setPinned(itemId, pinned, new Date(now).toISOString());
      if (updated === null) throw itemNotFound(itemId);
      return rankItem(updated, now, this.halfLifeMs);
    });
  }

  /** One note, ranked now; null when there is none. */
  async get(itemId: string): Promise<BucketMemoryItem | null> {
    const record = await this.store.get(itemId);
    return record === null ? null : rankItem(record, this.clock.nowMs(), this.halfLifeMs);
  }

  /** Counts a topic hit on every note that shares a significant word with the request; returns their ids. */
  async recordTopicHits(bucketId: string, requestText: string): Promise<string[]> {
    const terms = topicTerms(requestText);
    if (terms.size === 0) return [];
    return this.recordSignals(requireBucketShape(bucketId), { topic_hits: 1 }, (items) =>
      items.filter((item) => sharedTerms(terms, itemTerms(item)).length > 0).map((item) => item.item_id),
    );
  }

  /**
   * Counts a citation on every note that refers to one of the cited VFS paths (anchors such as
   * `#L4-L9` are ignored on both sides); returns their ids. Call it with a reply's evidence sources.
   */
  async recordCitations(bucketId: string, paths: readonly string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    return this.recordSignals(requireBucketShape(bucketId), { citations: 1 }, (items) => citedItemIds(items, paths));
  }

  /** The bucket's context package; `budgetChars` (for short + long) decides whether a long tier is included. */
  async contextPackage(bucketId: string, options: { budgetChars?: number | null } = {}): Promise<BucketContextPackage> {
    return packageContext(await this.built(requireBucketShape(bucketId)), options.budgetChars ?? null);
  }

  /** What a chat turn needs: counts the request's topic hits, then returns the package for it. */
  async turnContext(bucketId: string, requestText: string, budgetChars: number | null = null): Promise<BucketContextPackage> {
    await this.recordTopicHits(bucketId, requestText);
    return this.contextPackage(bucketId, { budgetChars });
  }

  /** Notes matching the query's words, best match first, across every bucket or one. */
  async search(query: string, options: { bucketId?: string; limit?: number } = {}): Promise<MemorySearchHit[]> {
    const terms = searchTerms(query);
    if (terms.size === 0) throw memoryError('memory_input_invalid', 'Search for at least one word.');
    const bucketIds = options.bucketId === undefined ? await this.store.bucketIds() : [requireBucketShape(options.bucketId)];
    const hits: MemorySearchHit[] = [];
    for (const bucketId of bucketIds) {
      for (const item of (await this.built(bucketId)).items) {
        const matched_terms = sharedTerms(terms, itemTerms(item));
        if (matched_terms.length > 0) hits.push({ item, matched_terms });
      }
    }
    hits.sort((a, b) => b.matched_terms.length - a.matched_terms.length || compareForRetrieval(a.item, b.item));
    return hits.slice(0, options.limit ?? DEFAULT_SEARCH_LIMIT);
  }

  /** Every bucket with notes, with its register, most recently written first. */
  async buckets(): Promise<MemoryBucketSummary[]> {
    const summaries: MemoryBucketSummary[] = [];
    for (const bucketId of await this.store.bucketIds()) {
      const built = await this.built(bucketId);
      if (built.items.length === 0) continue;
      const contextPackage = packageContext(built);
      summaries.push({
        bucket_id: bucketId,
        item_count: built.items.length,
        pinned_count: built.items.filter((item) => item.pinned).length,
        last_updated: contextPackage.last_updated ?? built.built_at,
        register_summary: built.register,
      });
    }
    return summaries.sort((a, b) => (a.last_updated === b.last_updated ? a.bucket_id.localeCompare(b.bucket_id) : a.last_updated < b.last_updated ? 1 : -1));
  }

  /** Releases the store. */
  close(): Promise<void> {
    this.cache.clear();
    return this.store.close();
  }

  private recordSignals(bucketId: string, delta: MemorySignalDelta, select: (items: BucketMemoryItem[]) => string[]): Promise<string[]> {
    return this.write(bucketId, async () => {
      const snapshot = await this.store.snapshot(bucketId);
      const now = this.clock.nowMs();
      const ids = select(snapshot.items.map((item) => rankItem(item, now, this.halfLifeMs)));
      if (ids.length > 0) await this.store.addSignals(bucketId, ids, delta, new Date(now).toISOString());
      return ids;
    });
  }

  /** Runs a write after the bucket's earlier writes, then drops its cached package. */
  private write<T>(bucketId: string, task: () => Promise<T>): Promise<T> {
    return this.lock.run(bucketId, async () => {
      try {
        return await task();
      } finally {
        this.cache.delete(bucketId);
      }
    });
  }

  /** The bucket's ranked notes and tiers: cached while the store's revision is unchanged and the cache is fresh. */
  private async built(bucketId: string): Promise<BuiltBucketContext> {
    const now = this.clock.nowMs();
    const cached = this.cache.get(bucketId);
    if (cached !== undefined && now - cached.builtAtMs <= this.cacheMaxAgeMs && (await this.store.revision(bucketId)) === cached.revision) {
      this.stats.hits += 1;
      return cached;
    }
    const snapshot = await this.store.snapshot(bucketId);
    const built = buildBucketContext(bucketId, snapshot.revision, snapshot.items, { ms: now, iso: new Date(now).toISOString() }, this.halfLifeMs);
    this.stats.builds += 1;
    this.cache.delete(bucketId);
    this.cache.set(bucketId, built);
    if (this.cache.size > MAX_CACHED_BUCKETS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return built;
  }
}

