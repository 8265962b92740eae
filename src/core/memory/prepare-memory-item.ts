import {
  BUCKET_ID_PATTERN,
  MEMORY_SCHEMA_VERSION,
  MemoryItemRecordSchema,
  type MemoryItemRecord,
  type MemoryRefs,
  type MemorySource,
} from '../../protocol/memory.js';
import type { SecretScrubber } from '../secrets/index.js';
import { defaultBucketId } from '../traces/index.js';
import { normalizeVfsPath } from '../vfs/index.js';
import { memoryError } from './memory-errors.js';

/** What a caller supplies to remember something. */
export interface NewMemoryItem {
  /** The bucket to write to; defaults to `bucket:<conversation_id>`. */
  bucket_id?: string;
  conversation_id?: string;
  content: string;
  pinned?: boolean;
  refs?: Partial<MemoryRefs>;
  source?: MemorySource;
}

/** The bucket a note goes to: the explicit id, else the conversation's default bucket. */
export function resolveBucketId(input: { bucket_id?: string | undefined; conversation_id?: string | undefined }): string {
  if (input.bucket_id !== undefined) return input.bucket_id;
  if (input.conversation_id !== undefined && input.conversation_id !== '') return defaultBucketId(input.conversation_id);
  throw memoryError('memory_bucket_invalid', 'Say which bucket to use: give a bucket id or a conversation id.');
}

/** Checks only the shape of a bucket id (enough for reads); throws `memory_bucket_invalid`. */
export function requireBucketShape(bucketId: string): string {
  if (typeof bucketId !== 'string' || !BUCKET_ID_PATTERN.test(bucketId)) {
    throw memoryError(
      'memory_bucket_invalid',
      `Bucket id ${JSON.stringify(String(bucketId).slice(0, 80))} is not valid: use up to 200 letters, digits and : . _ @ -, starting with a letter or digit (e.g. "bucket:chat-1").`,
    );
  }
  return bucketId;
}

/**
 * Checks a bucket id before a write: its shape, and that it carries nothing the secret scanner
 * would replace (an id is stored as it is, so it must not hold a credential).
 */
export async function checkBucketId(bucketId: string, scrubber: SecretScrubber): Promise<string> {
  requireBucketShape(bucketId);
  if ((await scrubber.scrub(bucketId)).text !== bucketId) {
    throw memoryError('memory_bucket_invalid', 'The bucket id looks like it contains a secret; choose a plain name.');
  }
  return bucketId;
}

/** Trims, drops empties and duplicates, keeping the first occurrence's order. */
function tidy(values: readonly unknown[] | undefined): string[] {
  const seen = new Set<string>();
  for (const value of values ?? []) {
    if (typeof value !== 'string') throw memoryError('memory_input_invalid', 'Refs must be lists of strings.');
    const trimmed = value.trim();
    if (trimmed !== '') seen.add(trimmed);
  }
  return [...seen];
}

/** A VFS path ref in normal form, keeping a `#L12-L20` or `#Section` anchor. */
export function normalizeRefPath(raw: string): string {
  const hash = raw.indexOf('#');
  const base = hash < 0 ? raw : raw.slice(0, hash);
  const checked = normalizeVfsPath(base);
  if (!checked.ok) throw memoryError('memory_input_invalid', `Ref ${checked.message}`);
  return hash < 0 ? checked.path : `${checked.path}${raw.slice(hash)}`;
}

/**
 * Builds the record for a new note: checks the input, scrubs every text field of secrets and
 * validates the result against the stored schema (scrubbing can change lengths).
 */
export async function prepareMemoryItem(
  input: NewMemoryItem,
  context: { bucketId: string; itemId: string; nowIso: string; scrubber: SecretScrubber },
): Promise<MemoryItemRecord> {
  if (typeof input?.content !== 'string' || input.content.trim() === '') {
    throw memoryError('memory_input_invalid', 'A memory note needs some text.');
  }
  const refs: MemoryRefs = {
    paths: tidy(input.refs?.paths).map(normalizeRefPath),
    receipt_ids: tidy(input.refs?.receipt_ids),
    excerpts: tidy(input.refs?.excerpts),
  };
  const content = (await context.scrubber.scrub(input.content.trim())).text;
  const scrubbedRefs = (await context.scrubber.scrubValue(refs)).value;
  const candidate = {
    schema_version: MEMORY_SCHEMA_VERSION,
    item_id: context.itemId,
    bucket_id: context.bucketId,
    pinned: input.pinned ?? false,
    content,
    metadata: { refs: scrubbedRefs, source: input.source ?? 'user', topic_hits: 0, citations: 0 },
    created_at: context.nowIso,
    last_updated: context.nowIso,
  };
  const parsed = MemoryItemRecordSchema.safeParse(candidate);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.join('.') || 'note';
    throw memoryError('memory_input_invalid', `The note's ${where} is not valid: ${first?.message ?? 'unknown problem'}.`, { path: first?.path ?? [] });
  }
  return parsed.data;
}
