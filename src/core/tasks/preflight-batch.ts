import { isControlRoomError, MAX_VFS_READ_BYTES, type ValidationIssue } from '../../protocol/index.js';
import type { Envelope, IdempotencyRecord } from '../../protocol/tasks.js';
import { normalizeVfsPath } from '../vfs/index.js';
import { occurrences, utf8Bytes, utf8Text } from './bytes.js';
import { paramsHash } from './idempotency.js';
import type { TaskDependencies } from './task-dependencies.js';

/** What the batch check found: every problem, and the envelopes already applied under their idempotency key. */
export interface Preflight {
  issues: ValidationIssue[];
  /** Batch positions whose idempotency key was applied before with the same params: they will not run again. */
  duplicates: Set<number>;
  /** Those of `duplicates` whose earlier change was undone since: still not run again, but not in place either. */
  undone: Set<number>;
}

type Files = Map<string, Uint8Array | null>;

/**
 * Checks a schema-valid batch against the workspace as it will be when each operation runs, in
 * order (a patch after a write sees the written text; a delete makes later patches fail): path
 * safety, that a patch's `find` occurs exactly once, that deleted and patched files exist, that
 * closed issues exist, that `canon.rebuild` is available, and idempotency keys. Nothing is
 * changed; every issue names its envelope's path, e.g. `batch.2.params.find`.
 */
export async function preflightBatch(batch: readonly Envelope[], deps: Pick<TaskDependencies, 'writer' | 'issues' | 'store' | 'rebuildCanon'>, prefix: ReadonlyArray<string | number> = ['batch']): Promise<Preflight> {
  const issues: ValidationIssue[] = [];
  const duplicates = new Set<number>();
  const undone = new Set<number>();
  const keys = new Map<string, number>();
  const files: Files = new Map();
  for (const [index, envelope] of batch.entries()) {
    const at = (...rest: Array<string | number>) => [...prefix, index, ...rest];
    const issue = (code: string, message: string, path: Array<string | number>) => issues.push({ code, message, path });
    if (envelope.idempotencyKey !== undefined) {
      const key = envelope.idempotencyKey;
      const first = keys.get(key);
      if (first !== undefined) {
        issue('idempotency_key_duplicate', `The key ${JSON.stringify(key)} is also used by operation ${first}; each operation needs its own key.`, at('idempotencyKey'));
        continue;
      }
      keys.set(key, index);
      const applied = await deps.store.getIdempotency(key);
      if (applied !== null) {
        if (applied.params_sha256 === paramsHash(envelope)) {
          duplicates.add(index);
          if (await wasUndone(applied, deps)) undone.add(index);
          continue;
        }
        issue('idempotency_key_conflict', `The key ${JSON.stringify(key)} was applied before (task ${applied.task_id}) with other params; use a new key for a new change.`, at('idempotencyKey'));
        continue;
      }
    }
    const problem = await checkEnvelope(envelope, files, deps);
    if (problem) issue(problem.code, problem.message, at(...problem.path));
  }
  return { issues, duplicates, undone };
}

/** True when the task that applied a key was undone since, that key's change included. */
async function wasUndone(applied: IdempotencyRecord, deps: Pick<TaskDependencies, 'store'>): Promise<boolean> {
  const journal = await deps.store.getUndo(applied.task_id);
  return journal !== null && journal.undone_at !== null && journal.entries.some((entry) => entry.command_id === applied.command_id);
}

async function current(path: string, files: Files, deps: Pick<TaskDependencies, 'writer'>): Promise<Uint8Array | null> {
  if (files.has(path)) return files.get(path) ?? null;
  const bytes = await deps.writer.readBytes(path);
  files.set(path, bytes);
  return bytes;
}

async function checkEnvelope(envelope: Envelope, files: Files, deps: Pick<TaskDependencies, 'writer' | 'issues' | 'rebuildCanon'>): Promise<ValidationIssue | null> {
  switch (envelope.op) {
    case 'issue.create':
      return null;
    case 'issue.close':
      return (await deps.issues.get(envelope.params.id)) === null ? { code: 'issue_not_found', message: `No issue ${envelope.params.id}.`, path: ['params', 'id'] } : null;
    case 'canon.rebuild':
      return deps.rebuildCanon ? null : { code: 'canon_rebuild_unavailable', message: 'The canon index cannot be rebuilt from here; leave canon.rebuild out.', path: ['op'] };
    default:
      return checkFileEnvelope(envelope, files, deps);
  }
}

async function checkFileEnvelope(envelope: Extract<Envelope, { op: 'file.write' | 'file.patch' | 'file.delete' }>, files: Files, deps: Pick<TaskDependencies, 'writer'>): Promise<ValidationIssue | null> {
  const checked = normalizeVfsPath(envelope.params.path);
  if (!checked.ok) return { code: checked.code, message: checked.message, path: ['params', 'path'] };
  let before: Uint8Array | null;
  try {
    before = await current(checked.path, files, deps);
  } catch (error) {
    if (isControlRoomError(error)) return { code: error.code, message: error.message, path: ['params', 'path'] };
    throw error;
  }
  if (envelope.op === 'file.write') {
    const bytes = utf8Bytes(envelope.params.content);
    if (bytes.length > MAX_VFS_READ_BYTES) return { code: 'file_too_large', message: `The content is ${bytes.length} bytes; files are limited to ${MAX_VFS_READ_BYTES}.`, path: ['params', 'content'] };
    files.set(checked.path, bytes);
    return null;
  }
  if (before === null) {
    const hint = envelope.op === 'file.patch' ? ' Use file.write to create it.' : '';
    return { code: 'path_not_found', message: `No file ${JSON.stringify(checked.path)} to ${envelope.op === 'file.patch' ? 'patch' : 'delete'}.${hint}`, path: ['params', 'path'] };
  }
  if (envelope.op === 'file.delete') {
    files.set(checked.path, null);
    return null;
  }
  const patched = patchText(before, envelope.params.find, envelope.params.replace, checked.path);
  if (!patched.ok) return { ...patched.issue, path: ['params', ...patched.issue.path] };
  files.set(checked.path, patched.bytes);
  return null;
}

/** Applies an exact, single-occurrence replacement, or says why it cannot. */
export function patchText(
  bytes: Uint8Array,
  find: string,
  replace: string,
  path: string,
): { ok: true; bytes: Uint8Array } | { ok: false; issue: ValidationIssue } {
  const text = utf8Text(bytes);
  if (text === null) return { ok: false, issue: { code: 'file_binary', message: `${path} is not UTF-8 text; it cannot be patched.`, path: ['path'] } };
  const found = occurrences(text, find, 2);
  if (found.length === 0) {
    return { ok: false, issue: { code: 'patch_find_not_found', message: `The find text does not occur in ${path}; copy it exactly from the file.`, path: ['find'] } };
  }
  if (found.length > 1) {
    return { ok: false, issue: { code: 'patch_find_ambiguous', message: `The find text occurs more than once in ${path}; include more surrounding text so it matches exactly once.`, path: ['find'] } };
  }
  const at = found[0]!;
  return { ok: true, bytes: utf8Bytes(`${text.slice(0, at)}${replace}${text.slice(at + find.length)}`) };
}
