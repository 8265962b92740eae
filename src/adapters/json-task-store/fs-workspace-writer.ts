import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { CANON_VFS_PATH, ControlRoomError, MAX_VFS_READ_BYTES } from '../../protocol/index.js';
import type { WorkspaceWriter } from '../../core/ports/workspace-writer.js';
import { requireVfsPath } from '../../core/vfs/index.js';
import { writeFileAtomic } from '../fs-store/index.js';
import { requireSingleRegularFile } from '../fs-workspace/index.js';

/** The folders a task may change; everything else in the workspace is off limits. */
const WRITABLE_FOLDERS = ['Story', 'Compendium'];

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function refuse(vfsPath: string, why: string): ControlRoomError {
  return new ControlRoomError('path_outside_workspace', `Refused path ${JSON.stringify(vfsPath)}: ${why}.`);
}

/**
 * Writes manuscript files with the read rules of `FsWorkspace` and more: the path must pass
 * `requireVfsPath` (no `..`, absolute paths, NUL, encoded tricks, `.control-room/`), name a file
 * under `Story/` or `Compendium/` (never the virtual `Canon.md`, never a hidden file), and resolve,
 * through every link, inside the workspace and outside app data. The file itself may not be a link
 * (an atomic rename would replace the link, not what it points to). Writes are atomic.
 */
export class FsWorkspaceWriter implements WorkspaceWriter {
  readonly rootDir: string;
  private realRoot: string | undefined;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  async readBytes(rawPath: string): Promise<Uint8Array | null> {
    const { vfsPath, diskPath, info } = await this.locate(rawPath);
    if (info === null) return null;
    // What a task reads to patch, it may show: the read rules of FsWorkspace hold here too.
    requireSingleRegularFile(info, vfsPath);
    if (info.size > MAX_VFS_READ_BYTES) throw new ControlRoomError('file_too_large', `${vfsPath} is ${info.size} bytes; files over ${MAX_VFS_READ_BYTES} bytes are not changed by tasks.`);
    return new Uint8Array(await fs.readFile(diskPath));
  }

  async write(rawPath: string, bytes: Uint8Array): Promise<void> {
    const { vfsPath, diskPath, info } = await this.locate(rawPath);
    if (bytes.length > MAX_VFS_READ_BYTES) throw new ControlRoomError('file_too_large', `The new ${vfsPath} would be ${bytes.length} bytes; the limit is ${MAX_VFS_READ_BYTES}.`);
    try {
      await writeFileAtomic(diskPath, bytes, { mode: info === null ? 0o644 : info.mode & 0o777 });
    } catch (error) {
      if (errorCode(error) === 'ENOTDIR' || errorCode(error) === 'EEXIST') throw new ControlRoomError('path_not_found', `${vfsPath} cannot be created: a file stands where a folder is expected.`);
      throw error;
    }
  }

  async delete(rawPath: string): Promise<void> {
    const { vfsPath, diskPath, info } = await this.locate(rawPath);
    if (info === null) throw new ControlRoomError('path_not_found', `No file ${JSON.stringify(vfsPath)} to delete.`);
    await fs.unlink(diskPath);
  }

  private async resolveRoot(): Promise<string> {
    if (this.realRoot !== undefined) return this.realRoot;
    try {
      this.realRoot = await fs.realpath(this.rootDir);
      return this.realRoot;
    } catch {
      throw new ControlRoomError('workspace_not_found', `No workspace folder at ${this.rootDir}.`);
    }
  }

  /** The real location of a writable file, and its current stats (null when it does not exist). */
  private async locate(rawPath: string): Promise<{ vfsPath: string; diskPath: string; info: Stats | null }> {
    const vfsPath = requireVfsPath(rawPath);
    const segments = vfsPath.split('/');
    if (vfsPath === CANON_VFS_PATH) throw refuse(vfsPath, 'Canon.md is built from the Compendium; rebuild it with canon.rebuild instead');
    if (!WRITABLE_FOLDERS.includes(segments[0] ?? '') || segments.length < 2) throw refuse(vfsPath, 'only files under Story/ and Compendium/ can be changed');
    if (segments.some((segment) => segment.startsWith('.'))) throw refuse(vfsPath, 'hidden files and folders are not part of the manuscript');
    const realRoot = await this.resolveRoot();
    const name = segments[segments.length - 1]!;
    // Resolve the deepest folder that exists; the missing ones will be created inside it.
    const missing: string[] = [];
    let folder = path.join(realRoot, ...segments.slice(0, -1));
    let realFolder: string;
    for (;;) {
      try {
        realFolder = await fs.realpath(folder);
        break;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT' || folder === realRoot) throw new ControlRoomError('path_not_found', `${vfsPath} cannot be reached (${errorCode(error) ?? 'unknown error'}).`);
        missing.unshift(path.basename(folder));
        folder = path.dirname(folder);
      }
    }
    const appData = path.join(realRoot, '.control-room');
    // A file's folder is the workspace root only while Story/ or Compendium/ is still to be created.
    const atRoot = realFolder === realRoot && missing.length === 0;
    if (atRoot || !(realFolder === realRoot || realFolder.startsWith(realRoot + path.sep)) || realFolder === appData || realFolder.startsWith(appData + path.sep)) {
      throw refuse(vfsPath, 'it follows a link out of the manuscript; replace the link with the folder itself');
    }
    const diskPath = path.join(realFolder, ...missing, name);
    const info = missing.length > 0 ? null : await fs.lstat(diskPath).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    });
    if (info?.isSymbolicLink()) throw refuse(vfsPath, 'it is a link; tasks change real files only');
    if (info?.isDirectory()) throw new ControlRoomError('path_is_directory', `${vfsPath} is a folder; name a file inside it.`);
    return { vfsPath, diskPath, info };
  }
}
