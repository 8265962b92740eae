import { promises as fs } from 'node:fs';
import path from 'node:path';
import { IMPORT_DIR } from '../../protocol/imports.js';

/** What an import may write: the manuscript, the Compendium and the import manifests. */
const IMPORTED_FOLDERS = ['Story', 'Compendium', IMPORT_DIR];

/** The folders and file bytes under the imported folders, by path relative to the workspace. */
interface FolderState {
  folders: Set<string>;
  files: Map<string, Buffer>;
}

async function readState(root: string): Promise<FolderState> {
  const state: FolderState = { folders: new Set(), files: new Map() };
  const walk = async (relative: string): Promise<void> => {
    const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true }).catch(() => null);
    if (entries === null) return;
    state.folders.add(relative);
    for (const entry of entries) {
      const child = path.join(relative, entry.name);
      // Links are the writer's own and never written by an import: they are neither read nor followed.
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) state.files.set(child, await fs.readFile(path.join(root, child)));
    }
  };
  for (const folder of IMPORTED_FOLDERS) await walk(folder);
  return state;
}

/** A way back to the workspace as it was before an import. */
export interface ImportRollback {
  /** Puts every file back as it was, removes files and folders the import added. */
  restore: () => Promise<void>;
}

/**
 * Remembers the manuscript, the Compendium and the import manifests before an import writes, so a
 * failure part-way (a disk error, a file in the way) leaves the workspace as it was, not half imported.
 */
export async function rememberWorkspace(root: string): Promise<ImportRollback> {
  const before = await readState(root);
  return {
    restore: async () => {
      const after = await readState(root);
      for (const file of after.files.keys()) if (!before.files.has(file)) await fs.rm(path.join(root, file), { force: true });
      for (const [file, bytes] of before.files) {
        if (after.files.get(file)?.equals(bytes)) continue;
        await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await fs.writeFile(path.join(root, file), bytes);
      }
      // Deepest first, so a folder is empty when it is removed.
      const added = [...after.folders].filter((folder) => !before.folders.has(folder)).sort((left, right) => right.length - left.length);
      for (const folder of added) await fs.rmdir(path.join(root, folder)).catch(() => undefined);
    },
  };
}
