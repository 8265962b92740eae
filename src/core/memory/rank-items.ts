import type { BucketMemoryItem, MemoryItemRecord } from '../../protocol/memory.js';

/** How much one request whose words matched a note adds to its reference score. */
export const TOPIC_HIT_WEIGHT = 0.5;
/** How much one reply that cited a path the note refers to adds: a citation is stronger than a word match. */
export const CITATION_WEIGHT = 1;
/** Recency halves every this many milliseconds by default (7 days). */
export const DEFAULT_HALF_LIFE_MS = 7 * 24 * 60 * 60 * 1000;

/** The accumulated reference signals of a note. */
export function referenceScore(record: MemoryItemRecord): number {
  return record.metadata.topic_hits * TOPIC_HIT_WEIGHT + record.metadata.citations * CITATION_WEIGHT;
}

/** 1 for a note touched at `nowMs`, halving every `halfLifeMs`; a note from the future counts as new. */
export function recencyAt(lastUpdatedIso: string, nowMs: number, halfLifeMs = DEFAULT_HALF_LIFE_MS): number {
  const updated = Date.parse(lastUpdatedIso);
  if (!Number.isFinite(updated)) return 0;
  const age = Math.max(0, nowMs - updated);
  return 2 ** (-age / halfLifeMs);
}

/** A stored note with its reference score, recency and ranking score at `nowMs`. */
export function rankItem(record: MemoryItemRecord, nowMs: number, halfLifeMs = DEFAULT_HALF_LIFE_MS): BucketMemoryItem {
  const reference_score = referenceScore(record);
  const recency = recencyAt(record.last_updated, nowMs, halfLifeMs);
  return { ...record, reference_score, recency, score: (1 + reference_score) * recency };
}

/** Retrieval order: pinned first, then higher score, then more recent; the id settles exact ties. */
export function compareForRetrieval(a: BucketMemoryItem, b: BucketMemoryItem): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.score !== b.score) return b.score - a.score;
  if (a.last_updated !== b.last_updated) return a.last_updated < b.last_updated ? 1 : -1;
  return a.item_id < b.item_id ? 1 : a.item_id > b.item_id ? -1 : 0;
}

/** Ranks and orders a bucket's notes for retrieval. */
export function orderForRetrieval(records: readonly MemoryItemRecord[], nowMs: number, halfLifeMs = DEFAULT_HALF_LIFE_MS): BucketMemoryItem[] {
  return records.map((record) => rankItem(record, nowMs, halfLifeMs)).sort(compareForRetrieval);
}
