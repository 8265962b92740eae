import path from 'node:path';

/** Where tasks keep their files, relative to the workspace (the app-data layout of SPEC §3). */
export const TASKS_DIR = '.control-room/tasks';
export const UNDO_DIR = '.control-room/tasks/undo';
export const IDEMPOTENCY_DIR = '.control-room/tasks/idempotency';
export const CONFIRMATIONS_DIR = '.control-room/confirmations';
export const STATE_DIR = '.control-room/state';

/** Ids that name files: no dots, no separators (anything else simply is not found). */
const FILE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** True when `id` can name a file in one of the folders above. */
export function isFileId(id: string): boolean {
  return FILE_ID.test(id);
}

/** The absolute path of `<folder>/<id>.json` under a workspace. */
export function recordPath(root: string, folder: string, id: string): string {
  return path.join(root, ...folder.split('/'), `${id}.json`);
}
