export { JsonTaskStore } from './json-task-store.js';
export { JsonConversationStateStore } from './json-conversation-state-store.js';
export { FsWorkspaceWriter } from './fs-workspace-writer.js';
export { readJsonRecord, jsonFilesIn } from './read-json-record.js';
export { TASKS_DIR, UNDO_DIR, IDEMPOTENCY_DIR, CONFIRMATIONS_DIR, STATE_DIR, isFileId } from './task-paths.js';
export { openTaskBench } from './open-task-bench.js';
export type { TaskBench, TaskBenchOptions } from './open-task-bench.js';
