/**
 * Importing a writer's book (SPEC §16): a folder of Markdown or text files in any layout, a `.docx`
 * or a Scrivener project becomes a workspace. The source is never changed; a manifest under
 * `.control-room/import/` remembers what each source item became, so importing again updates the
 * workspace instead of duplicating it.
 */
import { z } from 'zod';

export const IMPORT_MANIFEST_SCHEMA_VERSION = 1;

/** Where import manifests live, relative to the workspace. */
export const IMPORT_DIR = '.control-room/import';

/** The formats a source can have. */
export const ImportFormatSchema = z.enum(['folder', 'docx', 'scrivener']);
export type ImportFormat = z.infer<typeof ImportFormatSchema>;

/** What an imported item became: a chapter under `Story/`, the outline, or a Compendium card. */
export const ImportKindSchema = z.enum(['chapter', 'outline', 'character', 'place', 'lore']);
export type ImportKind = z.infer<typeof ImportKindSchema>;

/** What importing did with one item. */
export const ImportActionSchema = z.enum(['created', 'updated', 'unchanged', 'moved', 'kept', 'removed']);
export type ImportAction = z.infer<typeof ImportActionSchema>;

/** One item of the report: where it came from, what it became, and why. */
export const ImportedItemSchema = z.object({
  /** The item in the source, e.g. `Manuscript/01 The Ferry.md` or `Book.docx › Chapter 3`. */
  origin: z.string(),
  kind: ImportKindSchema,
  /** The workspace path it was written to (for `removed`, where it was). */
  path: z.string(),
  action: ImportActionSchema,
  /** Why it was classified so, e.g. `folder "Characters"` or `labelled traits (Eyes, Age)`. */
  reason: z.string(),
});
export type ImportedItem = z.infer<typeof ImportedItemSchema>;

/** An item of the source that was left out, and why. */
export const SkippedItemSchema = z.object({ origin: z.string(), reason: z.string() });
export type SkippedItem = z.infer<typeof SkippedItemSchema>;

/** What an import did: every item, what was skipped, and counts by kind. */
export const ImportReportSchema = z.object({
  source: z.string(),
  format: ImportFormatSchema,
  workspace: z.string(),
  items: z.array(ImportedItemSchema),
  skipped: z.array(SkippedItemSchema),
  counts: z.record(z.string(), z.number().int()),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** Progress of a long import: `done` of `total` items, the one at hand, and the phase. */
export const ImportProgressSchema = z.object({
  phase: z.enum(['reading', 'writing']),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  current: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

/** One source item the workspace holds, as it was written. */
export const ManifestEntrySchema = z.object({
  path: z.string(),
  kind: ImportKindSchema,
  /** sha256 of the bytes written, to tell the writer's own edits from ours. */
  sha256: z.string(),
});
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>;

/** `.control-room/import/<source key>.json`: what one source's items became. */
export const ImportManifestSchema = z.object({
  schema_version: z.literal(IMPORT_MANIFEST_SCHEMA_VERSION),
  source: z.string(),
  format: ImportFormatSchema,
  imported_at: z.string(),
  items: z.record(z.string(), ManifestEntrySchema),
});
export type ImportManifest = z.infer<typeof ImportManifestSchema>;

/** Where an import started from the web app stands. */
export const ImportJobStatusSchema = z.enum(['running', 'done', 'failed']);
export type ImportJobStatus = z.infer<typeof ImportJobStatusSchema>;

/** An import the server runs in the background for an upload; polled until it is done or failed. */
export const ImportJobSchema = z.object({
  job_id: z.string(),
  /** The upload's name (a folder's or a `.docx` file's), which re-imports are known by. */
  name: z.string(),
  status: ImportJobStatusSchema,
  /** Files and bytes received. */
  files: z.number().int().min(0),
  bytes: z.number().int().min(0),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** The latest progress; null before the first item is read. */
  progress: ImportProgressSchema.nullable(),
  /** What went where and what was skipped, once done. */
  report: ImportReportSchema.nullable(),
  /** Why it failed: the error's code and message. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;
