/**
 * Findings the writer marked intentional (a deliberate unreliable narrator, say), kept per
 * workspace in `.control-room/continuity/intentional.json`. A finding is keyed by its kind, its
 * file and the text of its line, so it is not raised again for the same lines — even when lines
 * above it move — and is raised again once that line's text changes.
 */
import { z } from 'zod';

export const INTENTIONAL_SCHEMA_VERSION = 1;
export const INTENTIONAL_STORAGE_PATH = '.control-room/continuity/intentional.json';

export const IntentionalFindingSchema = z.strictObject({
  /** sha256 (hex) of kind, path and line text, joined by NUL. */
  key: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.string().min(1).max(100),
  path: z.string().min(1).max(1024),
  /** The line number when it was marked (for people; the key does not use it). */
  line: z.number().int().min(1),
  quote: z.string().max(4000),
  /** The issue it was marked from, if any. */
  issue_id: z.string().nullable(),
  note: z.string().max(2000).nullable(),
  marked_at: z.string(),
});
export type IntentionalFinding = z.infer<typeof IntentionalFindingSchema>;

export const IntentionalFileSchema = z.strictObject({
  schema_version: z.literal(INTENTIONAL_SCHEMA_VERSION),
  findings: z.array(IntentionalFindingSchema),
});
export type IntentionalFile = z.infer<typeof IntentionalFileSchema>;

/** Error codes of marking findings intentional. */
export const INTENTIONAL_ERROR_CODES = [
  /** The issue was not filed for a finding (no `Where:` line or kind), so there is nothing to mark. */
  'issue_not_a_finding',
  /** `intentional.json` does not parse or was written by a newer Control Room. */
  'intentional_store_corrupt',
] as const;
