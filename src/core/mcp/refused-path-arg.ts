import { isControlRoomError } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { normalizeVfsPath } from '../vfs/index.js';

/** Argument names that hold workspace paths: `path`, `scene_path`, `canon_paths`, `file_paths`, … */
const PATH_KEY = /(^|_)paths?$/;

/** What the VFS refuses for safety — as opposed to a file that is merely missing, which a tool reports itself. */
const SAFETY_CODES = new Set(['path_outside_workspace', 'file_not_regular', 'file_hard_linked']);

/** A path argument the VFS refuses, with its code and the VFS's own message. */
export interface RefusedPath {
  key: string;
  code: 'path_outside_workspace' | 'file_not_regular' | 'file_hard_linked';
  message: string;
}

function pathArgs(args: Record<string, unknown>): Array<{ key: string; value: string }> {
  const found: Array<{ key: string; value: string }> = [];
  for (const [key, value] of Object.entries(args)) {
    if (!PATH_KEY.test(key)) continue;
    for (const candidate of Array.isArray(value) ? value : [value]) if (typeof candidate === 'string') found.push({ key, value: candidate });
  }
  return found;
}

/**
 * The first path argument the VFS would refuse, checked before anything runs: first by its form
 * (`..`, absolute, encoded, app data — pure string rules), then on disk through the workspace
 * port (a link leading out, a pipe, a hard link). Null when every path is safe to hand to a tool.
 */
export async function refusedPathArg(args: Record<string, unknown>, workspace: Workspace): Promise<RefusedPath | null> {
  const paths = pathArgs(args);
  for (const { key, value } of paths) {
    const checked = normalizeVfsPath(value);
    if (!checked.ok) return { key, code: checked.code, message: checked.message };
  }
  for (const { key, value } of paths) {
    try {
      await workspace.stat(value);
    } catch (error) {
      if (isControlRoomError(error) && SAFETY_CODES.has(error.code)) return { key, code: error.code as RefusedPath['code'], message: error.message };
    }
  }
  return null;
}
