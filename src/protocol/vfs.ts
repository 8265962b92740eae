/**
 * The virtual file system as agents and the UI see it: `Story/`, `Compendium/` and the virtual
 * root file `Canon.md`. App data under `.control-room/` never appears here.
 */
import { z } from 'zod';

/** The three top-level entries of every workspace's VFS. */
export const VFS_ROOTS = ['Story', 'Compendium', 'Canon.md'] as const;

/** The virtual root file and the app-data file that backs it. */
export const CANON_VFS_PATH = 'Canon.md';
export const CANON_INDEX_STORAGE_PATH = '.control-room/canon/canon-index.md';

/** What a file is in the manuscript, judged from its place and name (never from hard-coded paths). */
export const VfsRoleSchema = z.enum(['outline', 'scene', 'character', 'place', 'lore', 'canon', 'other']);
export type VfsRole = z.infer<typeof VfsRoleSchema>;

/** One file of the VFS, with its size in bytes. */
export interface VfsFileNode {
  type: 'file';
  name: string;
  /** Path from the workspace root with `/` separators, e.g. `Story/Scenes/SCN-01-the-lamp-room.md`. */
  path: string;
  role: VfsRole;
  size: number;
  /** True for `Canon.md`, whose content lives in app data. */
  virtual?: true;
}

/** One folder of the VFS with its children, folders first, then files, each sorted by name. */
export interface VfsFolderNode {
  type: 'folder';
  name: string;
  path: string;
  children: VfsNode[];
}

export type VfsNode = VfsFileNode | VfsFolderNode;

/** The whole tree: the root folder (path `''`) plus the discovered outline path, if any. */
export interface VfsTree {
  root: VfsFolderNode;
  outlinePath: string | null;
  fileCount: number;
}

/** Zod schema of a `{start,end}` 1-based inclusive line range. */
export const LineRangeSchema = z
  .object({ start: z.number().int().min(1), end: z.number().int().min(1) })
  .refine((range) => range.end >= range.start, { message: 'end must be at or after start' });
export type LineRange = z.infer<typeof LineRangeSchema>;

/** A file (or a line range of it) read through the VFS. */
export interface VfsFileContent {
  path: string;
  /** The text of the requested lines (the whole file when no range was asked). */
  content: string;
  /** The number of lines in the whole file. */
  lines: number;
  /** First and last line returned, 1-based inclusive (0 and 0 for an empty file). */
  startLine: number;
  endLine: number;
  /** sha256 (hex) of the whole file's bytes. */
  sha256: string;
  /** Size of the whole file in bytes. */
  size: number;
}

/** Metadata of one VFS file. */
export interface VfsStat {
  path: string;
  size: number;
  modifiedMs: number;
  role: VfsRole;
  /** True for `Canon.md` before the canon index is built: a placeholder, not manuscript. */
  placeholder?: true;
}

/** Largest file the VFS reads whole (bytes). Bigger files are refused with `file_too_large`. */
export const MAX_VFS_READ_BYTES = 4 * 1024 * 1024;
