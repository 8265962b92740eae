import { normalizeVfsPath } from '../vfs/index.js';

/** Argument names that hold workspace paths: `path`, `scene_path`, `canon_paths`, `file_paths`, … */
const PATH_KEY = /(^|_)paths?$/;

/** The first path argument the VFS would refuse, with the VFS's own message; null when all are safe. */
export function refusedPathArg(args: Record<string, unknown>): { key: string; message: string } | null {
  for (const [key, value] of Object.entries(args)) {
    if (!PATH_KEY.test(key)) continue;
    for (const candidate of Array.isArray(value) ? value : [value]) {
      if (typeof candidate !== 'string') continue;
      const checked = normalizeVfsPath(candidate);
      if (!checked.ok) return { key, message: checked.message };
    }
  }
  return null;
}
