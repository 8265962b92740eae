import { MEMORY_SCHEMA_VERSION, type BucketContextPackage, type BucketMemoryItem, type MemoryItemRecord } from '../../protocol/memory.js';
import { buildRegister, clip, oneLine } from './build-register.js';
import { DEFAULT_HALF_LIFE_MS, orderForRetrieval } from './rank-items.js';

/** Notes in the short tier, which every prompt gets. */
export const SHORT_CONTEXT_ITEMS = 5;
/** The short tier never grows past this, however long the notes are. */
export const SHORT_CONTEXT_MAX_CHARS = 1200;
const SHORT_LINE_MAX_CHARS = 240;
/** Notes the long tier may add after the short ones. */
export const LONG_CONTEXT_ITEMS = 40;
/** The long tier's ceiling, whatever the budget. */
export const LONG_CONTEXT_MAX_CHARS = 6000;
const LONG_ENTRY_MAX_CHARS = 800;
/** Notes listed in a package (the UI pages through search for more). */
export const MAX_PACKAGE_ITEMS = 50;

/** A bucket's ranked notes and rendered tiers, cached until the bucket changes. */
export interface BuiltBucketContext {
  bucket_id: string;
  /** The store revision the notes were read at. */
  revision: number;
  builtAtMs: number;
  built_at: string;
  /** Every note, in retrieval order. */
  items: BucketMemoryItem[];
  register: string;
  short: string;
  /** Candidate long-tier entries, in order; a budget decides how many are used. */
  longEntries: string[];
}

function pathsNote(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  return ` (${paths.slice(0, 2).join(', ')}${paths.length > 2 ? ', …' : ''})`;
}

function shortLine(item: BucketMemoryItem): string {
  const line = `- ${item.pinned ? '[pinned] ' : ''}${clip(oneLine(item.content), 200)}${pathsNote(item.metadata.refs.paths)}`;
  return clip(line, SHORT_LINE_MAX_CHARS);
}

function longEntry(item: BucketMemoryItem): string {
  const { refs } = item.metadata;
  const lines = [`- ${item.pinned ? '[pinned] ' : ''}${clip(oneLine(item.content), 600)}`];
  if (refs.paths.length > 0) lines.push(`  sources: ${refs.paths.join(', ')}`);
  if (refs.receipt_ids.length > 0) lines.push(`  receipts: ${refs.receipt_ids.join(', ')}`);
  for (const excerpt of refs.excerpts.slice(0, 3)) lines.push(`  excerpt: "${clip(oneLine(excerpt), 200)}"`);
  return clip(lines.join('\n'), LONG_ENTRY_MAX_CHARS);
}

/** Joins whole pieces with newlines while the result stays within `limit` characters. */
function joinWithin(pieces: readonly string[], limit: number): string[] {
  const taken: string[] = [];
  let used = 0;
  for (const piece of pieces) {
    const cost = piece.length + (taken.length > 0 ? 1 : 0);
    if (used + cost > limit) break;
    taken.push(piece);
    used += cost;
  }
  return taken;
}

/** Ranks a bucket's notes at `nowMs` and renders its register and both context tiers. */
export function buildBucketContext(
  bucketId: string,
  revision: number,
  records: readonly MemoryItemRecord[],
  now: { ms: number; iso: string },
  halfLifeMs = DEFAULT_HALF_LIFE_MS,
): BuiltBucketContext {
  const items = orderForRetrieval(records, now.ms, halfLifeMs);
  const shortLines = joinWithin(items.slice(0, SHORT_CONTEXT_ITEMS).map(shortLine), SHORT_CONTEXT_MAX_CHARS);
  return {
    bucket_id: bucketId,
    revision,
    builtAtMs: now.ms,
    built_at: now.iso,
    items,
    register: buildRegister(items),
    short: shortLines.join('\n'),
    longEntries: items.slice(SHORT_CONTEXT_ITEMS, SHORT_CONTEXT_ITEMS + LONG_CONTEXT_ITEMS).map(longEntry),
  };
}

/**
 * The context package for a caller with `budgetChars` characters to spend on memory: the short
 * tier always, and as many whole long-tier entries as fit in what the budget leaves (none without
 * a budget, so `long_context` is null).
 */
export function packageContext(built: BuiltBucketContext, budgetChars: number | null = null): BucketContextPackage {
  let long: string | null = null;
  if (budgetChars !== null && Number.isFinite(budgetChars)) {
    const room = Math.min(LONG_CONTEXT_MAX_CHARS, budgetChars - built.short.length - (built.short === '' ? 0 : 1));
    const entries = joinWithin(built.longEntries, room);
    long = entries.length > 0 ? entries.join('\n') : null;
  }
  const newest = built.items.reduce<string | null>((latest, item) => (latest === null || item.last_updated > latest ? item.last_updated : latest), null);
  return {
    schema_version: MEMORY_SCHEMA_VERSION,
    bucket_id: built.bucket_id,
    register_summary: built.register,
    short_context: built.short,
    long_context: long,
    items: built.items.slice(0, MAX_PACKAGE_ITEMS),
    item_count: built.items.length,
    last_updated: newest,
    built_at: built.built_at,
  };
}
