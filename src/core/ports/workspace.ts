import type { LineRange, VfsFileContent, VfsStat, VfsTree } from '../../protocol/index.js';

/**
 * The manuscript as the harness sees it. Tools read files only through this port, so every
 * read goes through the same path-safety rules. Failures throw `ControlRoomError` with a VFS code.
 */
export interface Workspace {
  /** The VFS tree: `Story/`, `Compendium/` and the virtual `Canon.md`. */
  tree(): Promise<VfsTree>;
  /** Every VFS file path, sorted. */
  listFiles(): Promise<string[]>;
  /** Reads a text file, optionally only a 1-based inclusive line range. */
  read(path: string, range?: LineRange): Promise<VfsFileContent>;
  /** Size, modification time and role of a file. */
  stat(path: string): Promise<VfsStat>;
}
