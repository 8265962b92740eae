/**
 * Findings the writer marked intentional (a deliberate unreliable narrator, say), kept per
 * workspace in `.control-room/continuity/intentional.json`. A mark keys a finding by its kind, its
 * file and a hash of its line's trimmed text (and, when it names one, of the line it contradicts),
 * so it is not raised again for the same lines — even when lines above them move — and is raised
 * again once the text changes. The file is shared with the continuity checks, so its shape is theirs:
 * `{schema_version, marks: [...]}`.
 */
import { z } from 'zod';

export const INTENTIONAL_SCHEMA_VERSION = 1;
export const INTENTIONAL_STORAGE_PATH = '.control-room/continuity/intentional.json';

export const IntentionalFindingSchema = z.object({
  /** `int_` and 16 hex digits of the hash of kind, path and the line hashes. */
  id: z.string().regex(/^int_[0-9a-f]{16}$/),
  kind: z.string().min(1).max(80),
  path: z.string().min(1).max(1024),
  /** sha256 (hex) of the line's trimmed text. */
  line_hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The line as it was when marked, for people reading the list. */
  quote: z.string().max(2000),
  canon_path: z.string().max(1024).nullable(),
  canon_line_hash: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  note: z.string().max(2000).nullable(),
  marked_at: z.string(),
});
export type IntentionalFinding = z.infer<typeof IntentionalFindingSchema>;

export const IntentionalFileSchema = z.object({
  schema_version: z.literal(INTENTIONAL_SCHEMA_VERSION),
  marks: z.array(IntentionalFindingSchema),
});
export type IntentionalFile = z.infer<typeof IntentionalFileSchema>;

/** Error codes of marking findings intentional. */
export const INTENTIONAL_ERROR_CODES = [
  /** The issue was not filed for a finding (no `Where:` line or kind), so there is nothing to mark. */
  'issue_not_a_finding',
  /** `intentional.json` does not parse or was written by a newer Control Room. */
  'intentional_store_corrupt',
] as const;
