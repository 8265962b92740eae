/**
 * The canon index (the v0.5 seed's "Canon Index boot sequence"): facts extracted from every
 * Compendium file and scene, each kept only when its quote is found in the source, compiled
 * deterministically into `.control-room/canon/canon-index.md` (served as the virtual `Canon.md`)
 * with `.control-room/canon/canon-meta.json` beside it.
 */
import { z } from 'zod';

export const CANON_META_SCHEMA_VERSION = 1;
export const CANON_META_STORAGE_PATH = '.control-room/canon/canon-meta.json';

/** Sections of the index, in the order they are written. */
export const CANON_SECTIONS = ['Characters', 'Places', 'Lore', 'Timeline', 'Scenes'] as const;
export const CanonSectionSchema = z.enum(CANON_SECTIONS);
export type CanonSection = z.infer<typeof CanonSectionSchema>;

/** What kind of manuscript file a fact was extracted from. */
export const CanonSourceKindSchema = z.enum(['character', 'place', 'lore', 'scene']);
export type CanonSourceKind = z.infer<typeof CanonSourceKindSchema>;

/** How the facts were extracted: by a model (raw calls, no tools) or by parsing fields and bullets. */
export const CanonIndexModeSchema = z.enum(['model', 'deterministic']);
export type CanonIndexMode = z.infer<typeof CanonIndexModeSchema>;

/**
 * One fact as an extractor proposes it. `quote` must be copied from the source file: the compiler
 * keeps the fact only if the quote is found there (whitespace and quote marks normalised) and the
 * quote contains the value.
 */
export const ExtractedFactSchema = z.object({
  /** Who or what the fact is about: `Hester Vane`, `Skerry Light Facts`, `Day 4, afternoon`, `Scene 8`. */
  subject: z.string().max(200),
  /** The property: `eyes`, `age`, `fact`, `event`, `pov`. */
  attribute: z.string().max(100),
  value: z.string().max(1000),
  /** The exact span of the source that states the fact. */
  quote: z.string().max(2000),
});
export type ExtractedFact = z.infer<typeof ExtractedFactSchema>;

/** The reply a model must give for one source file (also sent as its `response_format` schema). */
export const CanonExtractionSchema = z.object({ facts: z.array(ExtractedFactSchema).max(400) });
export type CanonExtraction = z.infer<typeof CanonExtractionSchema>;

/** A fact that passed the checks, with the line it cites. */
export interface CanonFact {
  section: CanonSection;
  subject: string;
  attribute: string;
  value: string;
  path: string;
  /** First and last line of the quote in the source (1-based, inclusive). */
  line: number;
  endLine: number;
}

/** Why a proposed fact was dropped. */
export const CANON_REJECTION_REASONS = ['quote_not_found', 'value_not_in_quote', 'field_empty'] as const;
export const CanonRejectionReasonSchema = z.enum(CANON_REJECTION_REASONS);
export type CanonRejectionReason = z.infer<typeof CanonRejectionReasonSchema>;

export const RejectedCanonFactSchema = z.strictObject({
  path: z.string(),
  subject: z.string(),
  attribute: z.string(),
  value: z.string(),
  quote: z.string(),
  reason: CanonRejectionReasonSchema,
});
export type RejectedCanonFact = z.infer<typeof RejectedCanonFactSchema>;

/** One file the index was built from. */
export const CanonMetaSourceSchema = z.strictObject({
  path: z.string(),
  kind: CanonSourceKindSchema,
  /** sha256 (hex) of the file's content as it was read. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Facts proposed for this file, and how many of them were kept. */
  proposed: z.number().int().min(0),
  kept: z.number().int().min(0),
  /** Set when the extractor's reply for this file could not be used at all. */
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
});
export type CanonMetaSource = z.infer<typeof CanonMetaSourceSchema>;

/** `canon-meta.json`: everything about a build that must stay out of the byte-stable index. */
export const CanonMetaSchema = z.strictObject({
  schema_version: z.literal(CANON_META_SCHEMA_VERSION),
  built_at: z.string(),
  mode: CanonIndexModeSchema,
  /** The model that extracted the facts; null in deterministic mode. */
  model: z.string().nullable(),
  /** sha256 (hex) of `canon-index.md` as written. */
  index_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  fact_count: z.number().int().min(0),
  /** Facts proposed more than once (same section, subject, attribute and value) and merged. */
  duplicates: z.number().int().min(0),
  sources: z.array(CanonMetaSourceSchema),
  rejected: z.array(RejectedCanonFactSchema),
});
export type CanonMeta = z.infer<typeof CanonMetaSchema>;

/** Where a build stands, for `GET /api/canon/index/status`. */
export const CanonIndexStateSchema = z.enum(['idle', 'running', 'done', 'failed']);
export type CanonIndexState = z.infer<typeof CanonIndexStateSchema>;

export const CanonIndexStatusSchema = z.strictObject({
  state: CanonIndexStateSchema,
  /** Source files processed so far, and how many there are. */
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Facts in the index (of the last finished build, or so far). */
  facts: z.number().int().min(0),
  mode: CanonIndexModeSchema.nullable(),
  error: z.strictObject({ code: z.string(), message: z.string() }).optional(),
});
export type CanonIndexStatus = z.infer<typeof CanonIndexStatusSchema>;

/** Progress of a build, reported after each source file. */
export interface CanonIndexProgress {
  done: number;
  total: number;
  path: string;
}

/** Error codes of the canon index. */
export const CANON_ERROR_CODES = [
  /** A build is already running for this workspace (HTTP 409). */
  'canon_index_busy',
  /** The workspace has no Compendium file or scene to index. */
  'canon_sources_missing',
  /** The build was cancelled; the previous index was kept. */
  'canon_index_cancelled',
] as const;
export type CanonErrorCode = (typeof CANON_ERROR_CODES)[number];
