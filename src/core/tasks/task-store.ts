import type { ConfirmationRequest } from '../../protocol/auth.js';
import type { IdempotencyRecord, TaskRecord, UndoJournal } from '../../protocol/tasks.js';

/**
 * Where tasks keep what must outlive a process: task records, pending confirmations (a CLI
 * `confirm` runs in a new process), undo journals and applied idempotency keys. On disk:
 * `.control-room/tasks/` and `.control-room/confirmations/`, each file replaced atomically.
 */
export interface TaskStore {
  saveTask(record: TaskRecord): Promise<void>;
  getTask(taskId: string): Promise<TaskRecord | null>;
  /** Newest first. */
  listTasks(): Promise<TaskRecord[]>;
  saveConfirmation(request: ConfirmationRequest): Promise<void>;
  getConfirmation(confirmationId: string): Promise<ConfirmationRequest | null>;
  /** Newest first; only those with the status when given. */
  listConfirmations(status?: ConfirmationRequest['status']): Promise<ConfirmationRequest[]>;
  saveUndo(journal: UndoJournal): Promise<void>;
  getUndo(taskId: string): Promise<UndoJournal | null>;
  /** The newest journal not undone yet, or null. */
  lastUndoable(): Promise<UndoJournal | null>;
  /**
   * Holds a confirmation for one answer at a time, across processes (a CLI and the server may
   * answer the same request at once): resolves with a release once no one else holds it.
   */
  holdConfirmation(confirmationId: string): Promise<() => Promise<void>>;
  getIdempotency(key: string): Promise<IdempotencyRecord | null>;
  /** Records an applied key; a second record for the same key keeps the first. */
  putIdempotency(record: IdempotencyRecord): Promise<void>;
}
