import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Temporary siblings written by `writeFileAtomic`: `.<name>.<12 hex>.tmp`. */
const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Removes temporary files that a killed writer left behind under app data. A crash between
 * writing the temporary file and renaming it leaves the real file intact but the temporary one
 * behind; anything older than `maxAgeMs` cannot belong to a write still in progress.
 */
export async function sweepStaleTempFiles(root: string, options: { maxAgeMs?: number; now?: number } = {}): Promise<string[]> {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now();
  const removed: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    if (depth > 6) return;
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full, depth + 1);
      else if (entry.isFile() && TEMP_FILE.test(entry.name)) {
        const info = await fs.stat(full).catch(() => null);
        if (info && now - info.mtimeMs > maxAgeMs) {
          await fs.rm(full, { force: true });
          removed.push(path.relative(root, full));
        }
      }
    }
  };
  await walk(path.join(root, '.control-room'), 0);
  return removed;
}
