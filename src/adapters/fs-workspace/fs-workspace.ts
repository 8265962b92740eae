import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import path from 'node:path';
import {
  CANON_INDEX_STORAGE_PATH,
  CANON_VFS_PATH,
  ControlRoomError,
  MAX_VFS_READ_BYTES,
  type LineRange,
  type VfsFileContent,
  type VfsFileNode,
  type VfsFolderNode,
  type VfsStat,
  type VfsTree,
} from '../../protocol/index.js';
import type { Workspace } from '../../core/ports/index.js';
import { isTransientToolError } from '../../core/tool-runs/index.js';
import { classifyVfsPath, pickOutline, requireVfsPath, sliceLines, splitLines } from '../../core/vfs/index.js';
import { settledBefore, signatureOf } from './change-signature.js';
import { ContentCache, type CachedContent } from './content-cache.js';
import { FolderListings, type ScannedFolder } from './folder-listings.js';
import { requireSingleRegularFile } from './regular-file.js';
import { nodeFileSystem, type WorkspaceFileSystem } from './workspace-file-system.js';

const VISIBLE_FOLDERS = ['Story', 'Compendium'] as const;
const CANON_PLACEHOLDER = '# Canon Index\n\nThe canon index has not been built yet. Run `control-room canon index` to build it.\n';
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Seams for tests; production passes nothing. */
export interface FsWorkspaceOptions {
  /** The file-system calls to make (default: the real ones). */
  fileSystem?: WorkspaceFileSystem;
  /** Wall-clock milliseconds, used to judge whether a timestamp is too recent to trust (default: `Date.now`). */
  now?: () => number;
  /** Bound on cached file text in bytes (default 16 MiB; 0 turns the content cache off). */
  contentCacheBytes?: number;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function notFound(vfsPath: string): ControlRoomError {
  return new ControlRoomError('path_not_found', `No file ${JSON.stringify(vfsPath)} in the workspace. List the files with "control-room vfs tree".`);
}

/**
 * A workspace folder on disk, seen through the VFS rules. Folder listings are kept between calls
 * and re-validated on each one (see `FolderListings` for why that cannot go stale); sizes, times
 * and the existence of files are asked of the disk on every call, and file text is reused only
 * while the file's change signature is unchanged (see `ContentCache`).
 */
export class FsWorkspace implements Workspace {
  /** Absolute path of the workspace folder. */
  readonly rootDir: string;
  private realRoot: string | undefined;
  private readonly fileSystem: WorkspaceFileSystem;
  private readonly now: () => number;
  private readonly listings: FolderListings;
  private readonly contents: ContentCache;

  constructor(rootDir: string, options: FsWorkspaceOptions = {}) {
    this.rootDir = path.resolve(rootDir);
    this.fileSystem = options.fileSystem ?? nodeFileSystem;
    this.now = options.now ?? Date.now;
    this.listings = new FolderListings(this.fileSystem, this.now);
    this.contents = new ContentCache(options.contentCacheBytes);
  }

  /** Opens an existing workspace folder, failing with `workspace_not_found` when it is missing. */
  static async open(rootDir: string, options: FsWorkspaceOptions = {}): Promise<FsWorkspace> {
    const workspace = new FsWorkspace(rootDir, options);
    await workspace.resolveRoot();
    return workspace;
  }

  private async resolveRoot(): Promise<string> {
    if (this.realRoot !== undefined) return this.realRoot;
    try {
      const real = await this.fileSystem.realpath(this.rootDir);
      const info = await this.fileSystem.stat(real);
      if (!info.isDirectory()) throw new Error('not a directory');
      this.realRoot = real;
      return real;
    } catch {
      throw new ControlRoomError(
        'workspace_not_found',
        `No workspace folder at ${this.rootDir}. Create one with "control-room init <dir> --sample" or pass --workspace.`,
      );
    }
  }

  async tree(): Promise<VfsTree> {
    const realRoot = await this.resolveRoot();
    const children: Array<VfsFolderNode | VfsFileNode> = [];
    const files: string[] = [];
    for (const folder of await this.listings.scan(realRoot, VISIBLE_FOLDERS)) children.push(await this.sizedFolder(folder, files));
    children.push(await this.canonNode(realRoot));
    files.push(CANON_VFS_PATH);
    return { root: { type: 'folder', name: '', path: '', children }, outlinePath: pickOutline(files), fileCount: files.length };
  }

  /** Every VFS file path, sorted; names only, so no file is stat'ed. */
  async listFiles(): Promise<string[]> {
    const realRoot = await this.resolveRoot();
    const files: string[] = [];
    const collect = (folder: ScannedFolder): void => {
      for (const child of folder.folders) collect(child);
      for (const file of folder.files) files.push(file.vfsPath);
    };
    for (const folder of await this.listings.scan(realRoot, VISIBLE_FOLDERS)) collect(folder);
    files.push(CANON_VFS_PATH);
    return files.sort();
  }

  async read(rawPath: string, range?: LineRange): Promise<VfsFileContent> {
    const { vfsPath, diskPath } = await this.locate(rawPath);
    const content = diskPath === null ? placeholderContent() : await this.readText(vfsPath, diskPath);
    const allLines = splitLines(content.text);
    const slice = sliceLines(vfsPath, allLines, range);
    return {
      path: vfsPath,
      content: slice.text,
      lines: allLines.length,
      startLine: slice.startLine,
      endLine: slice.endLine,
      sha256: content.sha256,
      size: content.size,
    };
  }

  async stat(rawPath: string): Promise<VfsStat> {
    const { vfsPath, diskPath } = await this.locate(rawPath);
    if (diskPath === null) return { path: vfsPath, size: Buffer.byteLength(CANON_PLACEHOLDER), modifiedMs: 0, role: 'canon', placeholder: true };
    const info = await this.fileSystem.lstat(diskPath);
    requireSingleRegularFile(info, vfsPath);
    return { path: vfsPath, size: info.size, modifiedMs: info.mtimeMs, role: classifyVfsPath(vfsPath) };
  }

  /** The text of a real file, from the content cache while its signature holds. */
  private async readText(vfsPath: string, diskPath: string): Promise<CachedContent> {
    const startedMs = this.now();
    // The real path has no links left, so lstat sees the file itself (and a link swapped in since).
    const info = await this.fileSystem.lstat(diskPath);
    requireSingleRegularFile(info, vfsPath);
    if (info.size > MAX_VFS_READ_BYTES) {
      throw new ControlRoomError(
        'file_too_large',
        `${vfsPath} is ${info.size} bytes; files over ${MAX_VFS_READ_BYTES} bytes are not read. Split it into scenes.`,
      );
    }
    const signature = signatureOf(info);
    const cached = this.contents.get(diskPath, signature);
    if (cached) return cached;
    const bytes = await this.fileSystem.readFile(diskPath);
    const content = { text: decodeText(vfsPath, bytes), sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
    // A size that differs from the stat means the file changed while we read it: do not keep it.
    if (bytes.length === info.size && settledBefore(signature, startedMs)) this.contents.put(diskPath, signature, content);
    return content;
  }

  /**
   * Maps a VFS path to the real file behind it, refusing anything that resolves outside the
   * workspace or into app data (a symlink in Story/ pointing at the audit key, say). `Canon.md`
   * must be the canon index itself: a link anywhere on its way (the file, `canon/`, `.control-room/`)
   * could make it serve other app data, such as the API keys in agent-endpoints.json.
   * `diskPath` is null for `Canon.md` before the canon index exists.
   */
  private async locate(rawPath: string): Promise<{ vfsPath: string; diskPath: string | null }> {
    const realRoot = await this.resolveRoot();
    const vfsPath = requireVfsPath(rawPath);
    let relative: string;
    if (vfsPath === CANON_VFS_PATH) {
      relative = CANON_INDEX_STORAGE_PATH;
    } else {
      const segments = vfsPath.split('/');
      const first = segments[0] ?? '';
      if (!(VISIBLE_FOLDERS as readonly string[]).includes(first) || segments.length < 2 || segments.some((s) => s.startsWith('.'))) {
        throw notFound(vfsPath);
      }
      relative = vfsPath;
    }
    let real: string;
    try {
      real = await this.fileSystem.realpath(path.join(realRoot, relative));
    } catch (error) {
      if (vfsPath === CANON_VFS_PATH && errorCode(error) === 'ENOENT') return { vfsPath, diskPath: null };
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') throw notFound(vfsPath);
      // A busy file or too many open files may pass: the tool loop runs the tool again on its code.
      if (isTransientToolError({ code: errorCode(error) ?? '' })) throw error;
      throw new ControlRoomError('path_not_found', `${vfsPath} cannot be opened (${errorCode(error) ?? 'unknown error'}).`);
    }
    if (vfsPath === CANON_VFS_PATH && real !== path.join(realRoot, CANON_INDEX_STORAGE_PATH)) {
      throw new ControlRoomError(
        'file_not_regular',
        `Refused ${CANON_VFS_PATH}: ${CANON_INDEX_STORAGE_PATH} is reached through a link. Delete it and rebuild the canon index with "control-room canon index".`,
      );
    }
    const appData = path.join(realRoot, '.control-room');
    const inside = real.startsWith(realRoot + path.sep);
    const inAppData = real === appData || real.startsWith(appData + path.sep);
    if (!inside || (inAppData && vfsPath !== CANON_VFS_PATH)) {
      throw new ControlRoomError(
        'path_outside_workspace',
        `Refused path ${JSON.stringify(vfsPath)}: it follows a link out of the manuscript. Replace the link with the file itself.`,
      );
    }
    return { vfsPath, diskPath: real };
  }

  /**
   * A scanned folder as a VFS node with the current size of every file. Sizes are asked of the
   * disk on each call because an edit in place does not touch the folder; a file that vanished
   * since the folder was listed is left out.
   */
  private async sizedFolder(folder: ScannedFolder, paths: string[]): Promise<VfsFolderNode> {
    const children: Array<VfsFolderNode | VfsFileNode> = [];
    for (const child of folder.folders) children.push(await this.sizedFolder(child, paths));
    const unsized = folder.files.filter((file) => file.size === undefined).map((file) => file.diskPath);
    const sizes = unsized.length > 0 ? await this.fileSystem.fileSizes(unsized) : [];
    let next = 0;
    for (const file of folder.files) {
      const size = file.size ?? sizes[next++];
      if (size === null || size === undefined) continue;
      children.push({ type: 'file', name: file.name, path: file.vfsPath, role: file.role, size });
      paths.push(file.vfsPath);
    }
    return { type: 'folder', name: folder.name, path: folder.vfsPath, children };
  }

  private async canonNode(realRoot: string): Promise<VfsFileNode> {
    const info: Stats | null = await this.fileSystem.lstat(path.join(realRoot, CANON_INDEX_STORAGE_PATH)).catch(() => null);
    // The size of whatever a link points at is not shown either.
    const size = info?.isFile() && info.nlink === 1 ? info.size : Buffer.byteLength(CANON_PLACEHOLDER);
    return { type: 'file', name: CANON_VFS_PATH, path: CANON_VFS_PATH, role: 'canon', size, virtual: true };
  }
}

function placeholderContent(): CachedContent {
  const bytes = Buffer.from(CANON_PLACEHOLDER, 'utf8');
  return { text: CANON_PLACEHOLDER, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

function decodeText(vfsPath: string, bytes: Buffer): string {
  const probe = bytes.subarray(0, Math.min(bytes.length, 8192));
  if (probe.includes(0)) {
    throw new ControlRoomError('file_binary', `${vfsPath} is not a text file (it contains NUL bytes).`);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ControlRoomError('file_binary', `${vfsPath} is not valid UTF-8 text. Save it as UTF-8.`);
  }
}
