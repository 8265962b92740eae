import {
  CANON_VFS_PATH,
  ControlRoomError,
  type LineRange,
  type VfsFileContent,
  type VfsFolderNode,
  type VfsStat,
  type VfsTree,
} from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { sha256Hex } from '../receipts/index.js';
import { classifyVfsPath, normalizeVfsPath, pickOutline, sliceLines, splitLines } from '../vfs/index.js';

/**
 * A manuscript held in memory, for core tests: the same path rules and roles as the file-system
 * workspace, without a disk. `Canon.md` is a placeholder (marked so) until `canon` text is given.
 */
export class MemoryWorkspace implements Workspace {
  private readonly files = new Map<string, { text: string; modifiedMs: number }>();
  private tick = 1;

  constructor(files: Record<string, string> = {}, private canon: string | null = null) {
    for (const [path, text] of Object.entries(files)) this.write(path, text);
  }

  /** Adds or replaces a file (a new modification time, so caches see the change). */
  write(path: string, text: string): void {
    this.files.set(path, { text, modifiedMs: this.tick++ });
  }

  /** Sets the built canon index that `Canon.md` shows. */
  setCanon(text: string | null): void {
    this.canon = text;
    this.tick += 1;
  }

  async tree(): Promise<VfsTree> {
    const root: VfsFolderNode = { type: 'folder', name: '', path: '', children: [] };
    const paths = await this.listFiles();
    for (const path of paths) {
      const parts = path.split('/');
      let folder = root;
      for (let depth = 0; depth < parts.length - 1; depth += 1) {
        const folderPath = parts.slice(0, depth + 1).join('/');
        let next = folder.children.find((child): child is VfsFolderNode => child.type === 'folder' && child.path === folderPath);
        if (!next) {
          next = { type: 'folder', name: parts[depth] ?? '', path: folderPath, children: [] };
          folder.children.push(next);
        }
        folder = next;
      }
      const size = (await this.stat(path)).size;
      folder.children.push({ type: 'file', name: parts[parts.length - 1] ?? path, path, role: classifyVfsPath(path), size });
    }
    return { root, outlinePath: pickOutline(paths), fileCount: paths.length };
  }

  async listFiles(): Promise<string[]> {
    return [...this.files.keys(), CANON_VFS_PATH].sort();
  }

  async read(rawPath: string, range?: LineRange): Promise<VfsFileContent> {
    const path = this.check(rawPath);
    const text = this.text(path);
    const lines = splitLines(text);
    const slice = sliceLines(path, lines, range);
    const size = Buffer.byteLength(text);
    return { path, content: slice.text, lines: lines.length, startLine: slice.startLine, endLine: slice.endLine, sha256: sha256Hex(text), size };
  }

  async stat(rawPath: string): Promise<VfsStat> {
    const path = this.check(rawPath);
    const placeholder = path === CANON_VFS_PATH && this.canon === null;
    return {
      path,
      size: Buffer.byteLength(this.text(path)),
      modifiedMs: path === CANON_VFS_PATH ? this.tick : (this.files.get(path)?.modifiedMs ?? 0),
      role: classifyVfsPath(path),
      ...(placeholder ? { placeholder: true as const } : {}),
    };
  }

  private text(path: string): string {
    if (path === CANON_VFS_PATH) return this.canon ?? '# Canon Index\n\nThe canon index has not been built yet.\n';
    const file = this.files.get(path);
    if (!file) throw new ControlRoomError('path_not_found', `${path} is not in the manuscript.`);
    return file.text;
  }

  private check(rawPath: string): string {
    const checked = normalizeVfsPath(rawPath);
    if (!checked.ok) throw new ControlRoomError(checked.code, checked.message);
    const path = checked.path;
    if (path !== CANON_VFS_PATH && !this.files.has(path)) {
      const prefix = `${path}/`;
      if ([...this.files.keys()].some((file) => file.startsWith(prefix))) {
        throw new ControlRoomError('path_is_directory', `${path} is a folder.`);
      }
      throw new ControlRoomError('path_not_found', `${path} is not in the manuscript.`);
    }
    return path;
  }
}
