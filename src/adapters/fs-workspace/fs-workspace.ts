import { createHash } from 'node:crypto';
import { promises as fs, type Dirent } from 'node:fs';
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
  type VfsNode,
  type VfsStat,
  type VfsTree,
} from '../../protocol/index.js';
import type { Workspace } from '../../core/ports/index.js';
import { classifyVfsPath, pickOutline, requireVfsPath, sliceLines, splitLines } from '../../core/vfs/index.js';

const VISIBLE_FOLDERS = ['Story', 'Compendium'] as const;
const CANON_PLACEHOLDER = '# Canon Index\n\nThe canon index has not been built yet. Run `control-room canon index` to build it.\n';
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function notFound(vfsPath: string): ControlRoomError {
  return new ControlRoomError('path_not_found', `No file ${JSON.stringify(vfsPath)} in the workspace. List the files with "control-room vfs tree".`);
}

/** A workspace folder on disk, seen through the VFS rules. */
export class FsWorkspace implements Workspace {
  /** Absolute path of the workspace folder. */
  readonly rootDir: string;
  private realRoot: string | undefined;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  /** Opens an existing workspace folder, failing with `workspace_not_found` when it is missing. */
  static async open(rootDir: string): Promise<FsWorkspace> {
    const workspace = new FsWorkspace(rootDir);
    await workspace.resolveRoot();
    return workspace;
  }

  private async resolveRoot(): Promise<string> {
    if (this.realRoot !== undefined) return this.realRoot;
    try {
      const real = await fs.realpath(this.rootDir);
      const info = await fs.stat(real);
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
    const children: VfsNode[] = [];
    let fileCount = 0;
    for (const folder of VISIBLE_FOLDERS) {
      const node = await this.walkFolder(realRoot, path.join(realRoot, folder), folder, folder);
      if (node) {
        children.push(node);
        fileCount += countFiles(node);
      }
    }
    const canon = await this.canonNode(realRoot);
    children.push(canon);
    fileCount += 1;
    const files: string[] = [];
    collectPaths(children, files);
    return { root: { type: 'folder', name: '', path: '', children }, outlinePath: pickOutline(files), fileCount };
  }

  async listFiles(): Promise<string[]> {
    const files: string[] = [];
    collectPaths((await this.tree()).root.children, files);
    return files.sort();
  }

  async read(rawPath: string, range?: LineRange): Promise<VfsFileContent> {
    const { vfsPath, diskPath } = await this.locate(rawPath);
    let bytes: Buffer;
    if (diskPath === null) {
      bytes = Buffer.from(CANON_PLACEHOLDER, 'utf8');
    } else {
      const info = await fs.stat(diskPath);
      if (info.isDirectory()) {
        throw new ControlRoomError('path_is_directory', `${vfsPath} is a folder; name a file inside it.`);
      }
      if (info.size > MAX_VFS_READ_BYTES) {
        throw new ControlRoomError(
          'file_too_large',
          `${vfsPath} is ${info.size} bytes; files over ${MAX_VFS_READ_BYTES} bytes are not read. Split it into scenes.`,
        );
      }
      bytes = await fs.readFile(diskPath);
    }
    const text = decodeText(vfsPath, bytes);
    const allLines = splitLines(text);
    const slice = sliceLines(vfsPath, allLines, range);
    return {
      path: vfsPath,
      content: slice.text,
      lines: allLines.length,
      startLine: slice.startLine,
      endLine: slice.endLine,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    };
  }

  async stat(rawPath: string): Promise<VfsStat> {
    const { vfsPath, diskPath } = await this.locate(rawPath);
    if (diskPath === null) return { path: vfsPath, size: Buffer.byteLength(CANON_PLACEHOLDER), modifiedMs: 0, role: 'canon' };
    const info = await fs.stat(diskPath);
    if (info.isDirectory()) throw new ControlRoomError('path_is_directory', `${vfsPath} is a folder; name a file inside it.`);
    return { path: vfsPath, size: info.size, modifiedMs: info.mtimeMs, role: classifyVfsPath(vfsPath) };
  }

  /**
   * Maps a VFS path to the real file behind it, refusing anything that resolves outside the
   * workspace or into app data (a symlink in Story/ pointing at the audit key, say).
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
      real = await fs.realpath(path.join(realRoot, relative));
    } catch (error) {
      if (vfsPath === CANON_VFS_PATH && errorCode(error) === 'ENOENT') return { vfsPath, diskPath: null };
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') throw notFound(vfsPath);
      throw new ControlRoomError('path_not_found', `${vfsPath} cannot be opened (${errorCode(error) ?? 'unknown error'}).`);
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

  private async walkFolder(realRoot: string, diskPath: string, name: string, vfsPath: string): Promise<VfsFolderNode | null> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(diskPath, { withFileTypes: true });
    } catch {
      return null;
    }
    const folders: VfsFolderNode[] = [];
    const files: VfsFileNode[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const childDisk = path.join(diskPath, entry.name);
      const childVfs = `${vfsPath}/${entry.name}`;
      let kind: 'file' | 'folder' | null = entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : null;
      if (entry.isSymbolicLink()) kind = await linkKind(realRoot, childDisk);
      if (kind === 'folder') {
        const node = await this.walkFolder(realRoot, childDisk, entry.name, childVfs);
        if (node) folders.push(node);
      } else if (kind === 'file') {
        const info = await fs.stat(childDisk).catch(() => null);
        if (info) files.push({ type: 'file', name: entry.name, path: childVfs, role: classifyVfsPath(childVfs), size: info.size });
      }
    }
    folders.sort((a, b) => a.name.localeCompare(b.name));
    files.sort((a, b) => a.name.localeCompare(b.name));
    return { type: 'folder', name, path: vfsPath, children: [...folders, ...files] };
  }

  private async canonNode(realRoot: string): Promise<VfsFileNode> {
    const info = await fs.stat(path.join(realRoot, CANON_INDEX_STORAGE_PATH)).catch(() => null);
    const size = info?.isFile() ? info.size : Buffer.byteLength(CANON_PLACEHOLDER);
    return { type: 'file', name: CANON_VFS_PATH, path: CANON_VFS_PATH, role: 'canon', size, virtual: true };
  }
}

/** A symlink is shown only when its target stays inside the workspace and outside app data. */
async function linkKind(realRoot: string, diskPath: string): Promise<'file' | 'folder' | null> {
  try {
    const real = await fs.realpath(diskPath);
    const appData = path.join(realRoot, '.control-room');
    if (!real.startsWith(realRoot + path.sep) || real === appData || real.startsWith(appData + path.sep)) return null;
    const info = await fs.stat(real);
    return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : null;
  } catch {
    return null;
  }
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

function countFiles(node: VfsNode): number {
  return node.type === 'file' ? 1 : node.children.reduce((sum, child) => sum + countFiles(child), 0);
}

function collectPaths(nodes: readonly VfsNode[], into: string[]): void {
  for (const node of nodes) {
    if (node.type === 'file') into.push(node.path);
    else collectPaths(node.children, into);
  }
}
