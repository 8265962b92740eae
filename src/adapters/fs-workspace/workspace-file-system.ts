import { constants, promises as fs, statSync, type Dirent, type Stats } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Files sized between two turns of the event loop, so a big tree never holds it for long. */
const SIZES_PER_TURN = 512;

/**
 * The file-system calls `FsWorkspace` makes. A seam so tests can wrap the real calls and count
 * them (proving a warm tree does not re-read unchanged folders); production uses `nodeFileSystem`.
 */
export interface WorkspaceFileSystem {
  /** Follows links, like `fs.promises.stat`. */
  stat(diskPath: string): Promise<Stats>;
  /** Does not follow a final link, like `fs.promises.lstat`. */
  lstat(diskPath: string): Promise<Stats>;
  /** The entries of a folder with their types, like `fs.promises.readdir(…, { withFileTypes: true })`. */
  readdir(diskPath: string): Promise<Dirent[]>;
  realpath(diskPath: string): Promise<string>;
  /** Never follows a final link. */
  readFile(diskPath: string): Promise<Buffer>;
  /** The current size of each file, null for one that is gone or is no longer a file. */
  fileSizes(diskPaths: readonly string[]): Promise<Array<number | null>>;
}

/**
 * Sizes thousands of files. Synchronous stats in slices: on a loaded machine they cost a few
 * microseconds each, where a promise per file through the I/O thread pool costs ten times that.
 */
async function fileSizes(diskPaths: readonly string[]): Promise<Array<number | null>> {
  const sizes: Array<number | null> = [];
  for (const [index, diskPath] of diskPaths.entries()) {
    if (index > 0 && index % SIZES_PER_TURN === 0) await nextTurn();
    try {
      const info = statSync(diskPath, { throwIfNoEntry: false });
      sizes.push(info?.isFile() ? info.size : null);
    } catch {
      sizes.push(null);
    }
  }
  return sizes;
}

/** Opens for reading without following a final link: one swapped in after the checks is refused, not read. */
const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** The real file system. */
export const nodeFileSystem: WorkspaceFileSystem = {
  stat: (diskPath) => fs.stat(diskPath),
  lstat: (diskPath) => fs.lstat(diskPath),
  readdir: (diskPath) => fs.readdir(diskPath, { withFileTypes: true }),
  realpath: (diskPath) => fs.realpath(diskPath),
  readFile: (diskPath) => fs.readFile(diskPath, { flag: READ_NO_FOLLOW }),
  fileSizes,
};
