import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ZodType } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { AUTH_SCHEMA_VERSION, ConfirmationRequestSchema, type ConfirmationRequest } from '../../protocol/auth.js';
import {
  IdempotencyRecordSchema,
  TASK_SCHEMA_VERSION,
  TaskRecordSchema,
  UndoJournalSchema,
  type IdempotencyRecord,
  type TaskRecord,
  type UndoJournal,
} from '../../protocol/tasks.js';
import type { TaskStore } from '../../core/tasks/index.js';
import { writeJsonAtomic } from '../fs-store/index.js';
import { holdLockFile } from './hold-lock-file.js';
import { jsonFilesIn, readJsonRecord } from './read-json-record.js';
import { CONFIRMATIONS_DIR, IDEMPOTENCY_DIR, isFileId, recordPath, TASKS_DIR, UNDO_DIR } from './task-paths.js';

function keyFileId(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function newestFirst<T extends { created_at: string }>(idOf: (value: T) => string): (a: T, b: T) => number {
  return (a, b) => b.created_at.localeCompare(a.created_at) || idOf(b).localeCompare(idOf(a));
}

/**
 * Tasks on disk: `.control-room/tasks/<taskId>.json`, `.control-room/tasks/undo/<taskId>.json`,
 * `.control-room/tasks/idempotency/<sha256 of key>.json` and
 * `.control-room/confirmations/<confirmationId>.json`. One record per file, each replaced atomically
 * (temporary file, fsync, rename), so a crash leaves every record readable, old or new. Ids that
 * could not name a file are simply not found.
 */
export class JsonTaskStore implements TaskStore {
  readonly root: string;

  constructor(workspaceRoot: string) {
    this.root = path.resolve(workspaceRoot);
  }

  async saveTask(record: TaskRecord): Promise<void> {
    await writeJsonAtomic(recordPath(this.root, TASKS_DIR, this.checked(record.task_id)), TaskRecordSchema.parse(record));
  }

  async getTask(taskId: string): Promise<TaskRecord | null> {
    return isFileId(taskId) ? readJsonRecord(recordPath(this.root, TASKS_DIR, taskId), TaskRecordSchema, TASK_SCHEMA_VERSION) : null;
  }

  async listTasks(): Promise<TaskRecord[]> {
    return (await this.readAll(TASKS_DIR, TaskRecordSchema, TASK_SCHEMA_VERSION)).sort(newestFirst((task) => task.task_id));
  }

  async saveConfirmation(request: ConfirmationRequest): Promise<void> {
    await writeJsonAtomic(recordPath(this.root, CONFIRMATIONS_DIR, this.checked(request.confirmation_id)), ConfirmationRequestSchema.parse(request));
  }

  async getConfirmation(confirmationId: string): Promise<ConfirmationRequest | null> {
    return isFileId(confirmationId) ? readJsonRecord(recordPath(this.root, CONFIRMATIONS_DIR, confirmationId), ConfirmationRequestSchema, AUTH_SCHEMA_VERSION) : null;
  }

  async listConfirmations(status?: ConfirmationRequest['status']): Promise<ConfirmationRequest[]> {
    const all = await this.readAll(CONFIRMATIONS_DIR, ConfirmationRequestSchema, AUTH_SCHEMA_VERSION);
    return all.filter((request) => status === undefined || request.status === status).sort(newestFirst((request) => request.confirmation_id));
  }

  async saveUndo(journal: UndoJournal): Promise<void> {
    await writeJsonAtomic(recordPath(this.root, UNDO_DIR, this.checked(journal.task_id)), UndoJournalSchema.parse(journal));
  }

  async getUndo(taskId: string): Promise<UndoJournal | null> {
    return isFileId(taskId) ? readJsonRecord(recordPath(this.root, UNDO_DIR, taskId), UndoJournalSchema, TASK_SCHEMA_VERSION) : null;
  }

  async lastUndoable(): Promise<UndoJournal | null> {
    const journals = await this.readAll(UNDO_DIR, UndoJournalSchema, TASK_SCHEMA_VERSION);
    return journals.filter((journal) => journal.undone_at === null && journal.entries.length > 0).sort(newestFirst((journal) => journal.task_id))[0] ?? null;
  }

  async holdConfirmation(confirmationId: string): Promise<() => Promise<void>> {
    const file = path.join(this.root, ...CONFIRMATIONS_DIR.split('/'), `${this.checked(confirmationId)}.lock`);
    return holdLockFile(file, `Confirmation ${confirmationId}`);
  }

  async getIdempotency(key: string): Promise<IdempotencyRecord | null> {
    const found = await readJsonRecord(recordPath(this.root, IDEMPOTENCY_DIR, keyFileId(key)), IdempotencyRecordSchema, TASK_SCHEMA_VERSION);
    // A hash collision is astronomically unlikely, but a record for another key is still not this one.
    return found !== null && found.key === key ? found : null;
  }

  async putIdempotency(record: IdempotencyRecord): Promise<void> {
    if ((await this.getIdempotency(record.key)) !== null) return;
    await writeJsonAtomic(recordPath(this.root, IDEMPOTENCY_DIR, keyFileId(record.key)), IdempotencyRecordSchema.parse(record));
  }

  private checked(id: string): string {
    if (!isFileId(id)) throw new ControlRoomError('internal_error', `The id ${JSON.stringify(id)} cannot name a task file.`, { fault: 'system' });
    return id;
  }

  private async readAll<T>(folder: string, schema: ZodType<T>, version: number): Promise<T[]> {
    const directory = path.join(this.root, ...folder.split('/'));
    const records: T[] = [];
    for (const name of await jsonFilesIn(directory)) {
      const record = await readJsonRecord(path.join(directory, name), schema, version);
      if (record !== null) records.push(record);
    }
    return records;
  }
}
