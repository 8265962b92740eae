import { describe, expect, it } from 'vitest';
import { MEMORY_SCHEMA_VERSION, type MemoryItemRecord } from '../../protocol/memory.js';
import { DEFAULT_HALF_LIFE_MS, orderForRetrieval, rankItem, recencyAt } from './rank-items.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2025-03-10T00:00:00.000Z');

function record(id: string, daysAgo: number, options: { pinned?: boolean; topic_hits?: number; citations?: number } = {}): MemoryItemRecord {
  const at = new Date(NOW - daysAgo * DAY).toISOString();
  return {
    schema_version: MEMORY_SCHEMA_VERSION,
    item_id: id,
    bucket_id: 'bucket:test',
    pinned: options.pinned ?? false,
    content: id,
    metadata: { refs: { paths: [], receipt_ids: [], excerpts: [] }, source: 'user', topic_hits: options.topic_hits ?? 0, citations: options.citations ?? 0 },
    created_at: at,
    last_updated: at,
  };
}

describe('recency and score', () => {
  it('halves recency every half-life and treats future times as new', () => {
    expect(recencyAt(new Date(NOW).toISOString(), NOW)).toBe(1);
    expect(recencyAt(new Date(NOW - DEFAULT_HALF_LIFE_MS).toISOString(), NOW)).toBeCloseTo(0.5, 10);
    expect(recencyAt(new Date(NOW - 2 * DEFAULT_HALF_LIFE_MS).toISOString(), NOW)).toBeCloseTo(0.25, 10);
    expect(recencyAt(new Date(NOW + DAY).toISOString(), NOW)).toBe(1);
  });

  it('weighs citations above topic hits', () => {
    const cited = rankItem(record('cited', 0, { citations: 1 }), NOW);
    const hit = rankItem(record('hit', 0, { topic_hits: 1 }), NOW);
    expect(cited.reference_score).toBeGreaterThan(hit.reference_score);
    expect(cited.score).toBe((1 + cited.reference_score) * cited.recency);
  });

  it('orders pinned first, then by score, then by recency', () => {
    const ordered = orderForRetrieval(
      [record('old-plain', 10), record('pinned-old', 30, { pinned: true }), record('new-plain', 1), record('cited', 3, { citations: 3 }), record('same-age-b', 5), record('same-age-a', 5)],
      NOW,
    );
    expect(ordered.map((item) => item.item_id)).toEqual(['pinned-old', 'cited', 'new-plain', 'same-age-b', 'same-age-a', 'old-plain']);
  });
});
