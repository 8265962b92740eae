/**
 * Bucket memory (SPEC §9, thinking-router plan §6 and §11): notes kept per bucket (by default one
 * bucket per conversation, `bucket:<conversation_id>`), ranked by pin, reference signals and
 * recency, summarised in a one-line register and packaged as context for prompts.
 *
 * Every text field is scrubbed of secrets before it is stored: a credential pasted into a note is
 * kept as a `secret_ref:<id>` token, never as its raw value.
 */
import { z } from 'zod';

export const MEMORY_SCHEMA_VERSION = 1;

/** The register is a UI line: never longer than this many UTF-16 code units, never more than one line. */
export const REGISTER_MAX_CHARS = 140;
/** A note longer than this is refused (store a VFS path and an excerpt instead of whole chapters). */
export const MEMORY_CONTENT_MAX_CHARS = 8000;
/** Bucket ids are short, printable and URL-safe enough to sit in a path segment once encoded. */
export const BUCKET_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:._@-]{0,199}$/;

/** Codes of the failures memory operations throw (as `ControlRoomError`, fault: user unless noted). */
export const MEMORY_ERROR_CODES = [
  /** The note is empty, too long, or its refs are malformed. */
  'memory_input_invalid',
  /** The bucket id does not match `BUCKET_ID_PATTERN`, or looks like it holds a secret. */
  'memory_bucket_invalid',
  /** No item with that id. */
  'memory_item_not_found',
  /** The memory database was written by a newer Control Room. */
  'memory_store_too_new',
  /** The memory database cannot be opened or refused a write (fault: system). */
  'memory_store_failed',
] as const;
export type MemoryErrorCode = (typeof MEMORY_ERROR_CODES)[number];

/** What a note points at in the manuscript or the audit trail. */
export const MemoryRefsSchema = z.strictObject({
  /** VFS paths (optionally with `#L12-L20` or `#Section`); a reply citing one of them raises the note's score. */
  paths: z.array(z.string().min(1).max(500)).max(50),
  /** Receipt ids (`rcpt_…`) of the tool runs the note rests on. */
  receipt_ids: z.array(z.string().min(1).max(200)).max(50),
  /** Short quotes kept with the note. */
  excerpts: z.array(z.string().min(1).max(1000)).max(20),
});
export type MemoryRefs = z.infer<typeof MemoryRefsSchema>;

/** Who wrote a note: the person, an agent, or the system (e.g. a summary of a round). */
export const MemorySourceSchema = z.enum(['user', 'agent', 'system']);
export type MemorySource = z.infer<typeof MemorySourceSchema>;

/** The metadata of a note: its refs and the reference signals counted so far. */
export const MemoryMetadataSchema = z.strictObject({
  refs: MemoryRefsSchema,
  source: MemorySourceSchema,
  /** Requests whose words matched the note ("router topic hits"). */
  topic_hits: z.number().int().min(0),
  /** Replies whose evidence cited a path the note refers to. */
  citations: z.number().int().min(0),
});
export type MemoryMetadata = z.infer<typeof MemoryMetadataSchema>;

/** A note as persisted (recency and score are computed when it is read, from the clock). */
export const MemoryItemRecordSchema = z.strictObject({
  schema_version: z.number().int().min(1),
  item_id: z.string().min(1),
  bucket_id: z.string().regex(BUCKET_ID_PATTERN),
  pinned: z.boolean(),
  content: z.string().min(1).max(MEMORY_CONTENT_MAX_CHARS),
  metadata: MemoryMetadataSchema,
  created_at: z.string(),
  /** Last write of any kind to the note (content, pin, a reference signal); recency decays from here. */
  last_updated: z.string(),
});
export type MemoryItemRecord = z.infer<typeof MemoryItemRecordSchema>;

/** The plan's BucketMemoryItem: a stored note with its ranking signals worked out. */
export interface BucketMemoryItem extends MemoryItemRecord {
  /** Accumulated reference signals: weighted topic hits plus weighted citations (never decays). */
  reference_score: number;
  /** 1 for a note written just now, halving every half-life since `last_updated` (0 < recency ≤ 1). */
  recency: number;
  /** The ranking score after pinning: `(1 + reference_score) × recency`. */
  score: number;
}

/** One bucket in a listing. */
export interface MemoryBucketSummary {
  bucket_id: string;
  item_count: number;
  pinned_count: number;
  /** Newest `last_updated` of its notes. */
  last_updated: string;
  /** The bucket's register line (≤ `REGISTER_MAX_CHARS`). */
  register_summary: string;
}

/** The plan's BucketContextPackage: what a prompt gets from a bucket, and what the UI shows. */
export interface BucketContextPackage {
  schema_version: number;
  bucket_id: string;
  /** One line, ≤ 140 characters, deterministic from the top notes. */
  register_summary: string;
  /** The top notes, one line each, bounded in size; always present (empty string for an empty bucket). */
  short_context: string;
  /** Further notes with their refs, only when the caller's character budget leaves room; otherwise null. */
  long_context: string | null;
  /** Notes in retrieval order (pinned, then score, then recency), at most `MAX_PACKAGE_ITEMS`. */
  items: BucketMemoryItem[];
  /** Notes in the bucket (the package may list fewer). */
  item_count: number;
  /** Newest `last_updated` of the bucket's notes, or null when it is empty. */
  last_updated: string | null;
  /** When this package was built (packages are cached until the bucket is written). */
  built_at: string;
}

/** A search hit: the note and how many query words it matched. */
export interface MemorySearchHit {
  item: BucketMemoryItem;
  matched_terms: string[];
}
