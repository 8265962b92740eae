import type { TaskRecord, UndoJournal } from '../../protocol/tasks.js';
import { normalizeVfsPath } from '../vfs/index.js';
import { fromBase64, sha256Bytes, utf8Text } from './bytes.js';
import { patchText } from './preflight-batch.js';
import type { TaskDependencies } from './task-dependencies.js';

/**
 * `pending`: what the batch would do to the file as it is now; `applied`: what the task did (the
 * file is still as it left it); `changed_since`: applied, but the file was changed again after;
 * `undone`: applied and put back; `not_run`: the task ended before this operation ran.
 */
export type FileChangeState = 'pending' | 'applied' | 'changed_since' | 'undone' | 'not_run';

/** One file operation of a task, with the text before and after it (null: no file, or not text). */
export interface TaskFileChange {
  index: number;
  op: 'file.write' | 'file.patch' | 'file.delete';
  path: string;
  state: FileChangeState;
  before: string | null;
  after: string | null;
  /** True when a side is not UTF-8 text, so no text diff can be shown. */
  binary: boolean;
  /** Why the change cannot be previewed (e.g. a patch whose text is no longer in the file). */
  problem: string | null;
}

type Files = Map<string, Uint8Array | null>;

function textOf(bytes: Uint8Array | null): { text: string | null; binary: boolean } {
  if (bytes === null) return { text: null, binary: false };
  const text = utf8Text(bytes);
  return { text, binary: text === null };
}

/** What one operation turns `before` into, or why it cannot. */
function afterOf(envelope: TaskRecord['batch'][number], before: Uint8Array | null, path: string): { bytes: Uint8Array | null; problem: string | null } {
  if (envelope.op === 'file.write') return { bytes: new TextEncoder().encode(envelope.params.content), problem: null };
  if (envelope.op === 'file.delete') return { bytes: null, problem: before === null ? `${path} does not exist.` : null };
  if (envelope.op !== 'file.patch') return { bytes: before, problem: null };
  if (before === null) return { bytes: null, problem: `${path} does not exist.` };
  const patched = patchText(before, envelope.params.find, envelope.params.replace, path);
  return patched.ok ? { bytes: patched.bytes, problem: null } : { bytes: before, problem: patched.issue.message };
}

/** A pending task: every file operation replayed in order over the workspace as it is now. */
async function pendingChanges(task: TaskRecord, deps: Pick<TaskDependencies, 'writer'>): Promise<TaskFileChange[]> {
  const files: Files = new Map();
  const changes: TaskFileChange[] = [];
  for (const [index, envelope] of task.batch.entries()) {
    if (envelope.op !== 'file.write' && envelope.op !== 'file.patch' && envelope.op !== 'file.delete') continue;
    const checked = normalizeVfsPath(envelope.params.path);
    const path = checked.ok ? checked.path : envelope.params.path;
    const before = !checked.ok ? null : files.has(path) ? (files.get(path) ?? null) : await deps.writer.readBytes(path).catch(() => null);
    const after = afterOf(envelope, before, path);
    files.set(path, after.bytes);
    const left = textOf(before);
    const right = textOf(after.bytes);
    changes.push({ index, op: envelope.op, path, state: 'pending', before: left.text, after: right.text, binary: left.binary || right.binary, problem: checked.ok ? after.problem : checked.message });
  }
  return changes;
}

/** A task that ran: the undo journal keeps each file's bytes before; the file now is after (while unchanged). */
async function ranChanges(task: TaskRecord, journal: UndoJournal | null, deps: Pick<TaskDependencies, 'writer'>): Promise<TaskFileChange[]> {
  const changes: TaskFileChange[] = [];
  for (const [index, envelope] of task.batch.entries()) {
    if (envelope.op !== 'file.write' && envelope.op !== 'file.patch' && envelope.op !== 'file.delete') continue;
    const result = task.results.find((candidate) => candidate.index === index);
    const entry = journal?.entries.find((candidate) => candidate.index === index && candidate.kind === 'file');
    const path = entry?.kind === 'file' ? entry.path : envelope.params.path;
    if (!entry || entry.kind !== 'file' || result?.status !== 'applied') {
      changes.push({ index, op: envelope.op, path, state: 'not_run', before: null, after: null, binary: false, problem: result?.error?.message ?? null });
      continue;
    }
    const before = entry.previous_base64 === null ? null : fromBase64(entry.previous_base64);
    const now = await deps.writer.readBytes(path).catch(() => null);
    const nowHash = now === null ? null : sha256Bytes(now);
    const undone = journal?.undone_at !== null && journal?.undone_at !== undefined;
    const state: FileChangeState = undone ? 'undone' : nowHash === entry.written_sha256 ? 'applied' : 'changed_since';
    // What the operation wrote: the file as it is while unchanged, else the operation replayed on the old bytes.
    const after = state === 'applied' ? now : afterOf(envelope, before, path).bytes;
    const left = textOf(before);
    const right = textOf(after);
    changes.push({ index, op: envelope.op, path, state, before: left.text, after: right.text, binary: left.binary || right.binary, problem: null });
  }
  return changes;
}

/**
 * The file changes of a task, for a person to review: each file operation with the text before and
 * after it. A task waiting for confirmation is previewed against the files as they are now; a task
 * that ran is shown from its undo journal. Reads only; never throws for a missing file.
 */
export async function taskFileChanges(task: TaskRecord, deps: Pick<TaskDependencies, 'writer' | 'store'>): Promise<TaskFileChange[]> {
  if (task.status === 'awaiting_confirmation') return pendingChanges(task, deps);
  if (task.status === 'invalid' || task.status === 'refused') {
    return (await pendingChanges(task, deps)).map((change) => ({ ...change, state: 'not_run' as const }));
  }
  return ranChanges(task, await deps.store.getUndo(task.task_id), deps);
}
