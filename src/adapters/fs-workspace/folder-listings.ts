import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { VfsRole } from '../../protocol/index.js';
import { classifyVfsPath } from '../../core/vfs/index.js';
import { sameSignature, settledBefore, signatureOf, type ChangeSignature } from './change-signature.js';
import type { WorkspaceFileSystem } from './workspace-file-system.js';

type EntryKind = 'file' | 'folder' | 'link';

/** One folder as last read: its visible entries sorted by name, and the signature it had just before the read. */
interface Listing {
  signature: ChangeSignature;
  /** Whether an unchanged signature may be trusted to mean an unchanged folder (see `settledBefore`). */
  settled: boolean;
  /** Each entry as the folder read gave it (type letter + name), or null when a type had to be asked of the entry. */
  source: readonly string[] | null;
  /** The plain files, ready to hand out (never changed after the read). */
  files: readonly ScannedFile[];
  /** Sub-folders and links, which each scan has to follow. */
  others: ReadonlyArray<{ name: string; kind: 'folder' | 'link'; order: number }>;
}

/** A file found by a scan; `size` is filled only when resolving a link already measured it. */
export interface ScannedFile {
  name: string;
  vfsPath: string;
  diskPath: string;
  role: VfsRole;
  size?: number;
  /** Position among the folder's entries sorted by name. */
  order: number;
}

/** A folder found by a scan, sub-folders first, each group sorted by name. */
export interface ScannedFolder {
  name: string;
  vfsPath: string;
  diskPath: string;
  folders: ScannedFolder[];
  files: readonly ScannedFile[];
}

/**
 * The names and kinds of the entries of every visible folder, kept between scans. Every scan
 * stats each folder it walks and reads a folder again only when its signature moved or it had
 * changed too recently to trust. Why that is enough:
 * - adding, removing or renaming an entry updates the folder's mtime and ctime, and a folder that
 *   is removed and made again has a new inode; a deep change is found because the walk still
 *   stats every folder on the way down;
 * - editing a file in place changes neither its folder nor anything kept here (names and kinds
 *   only), so sizes, contents and times are never cached by this class;
 * - a link's target can change without its folder changing, so links are resolved afresh on
 *   every scan; a folder reached through a link is stat'ed through it (a new target, a new inode);
 * - coarse timestamps are handled by `settledBefore`; this assumes the file system stamps times
 *   with this machine's clock, as local disks do.
 */
export class FolderListings {
  private listings = new Map<string, Listing>();

  constructor(
    private readonly fileSystem: WorkspaceFileSystem,
    private readonly now: () => number,
  ) {}

  /** Scans the named top-level folders of the workspace; a folder that cannot be read is left out. */
  async scan(realRoot: string, names: readonly string[]): Promise<ScannedFolder[]> {
    const visited = new Map<string, Listing>();
    const folders: ScannedFolder[] = [];
    for (const name of names) {
      const folder = await this.scanFolder(realRoot, path.join(realRoot, name), name, name, visited);
      if (folder) folders.push(folder);
    }
    // Only what this scan walked is kept, so removed folders do not linger.
    this.listings = visited;
    return folders;
  }

  private async scanFolder(realRoot: string, diskPath: string, name: string, vfsPath: string, visited: Map<string, Listing>): Promise<ScannedFolder | null> {
    const listing = await this.listing(diskPath, vfsPath);
    if (!listing) return null;
    visited.set(diskPath, listing);
    const folders: ScannedFolder[] = [];
    const linkedFiles: ScannedFile[] = [];
    for (const entry of listing.others) {
      const childDisk = diskPath + path.sep + entry.name;
      const childVfs = `${vfsPath}/${entry.name}`;
      let kind: 'file' | 'folder' = 'folder';
      if (entry.kind === 'link') {
        const target = await this.linkTarget(realRoot, childDisk);
        if (!target) continue;
        kind = target.kind;
        if (kind === 'file') linkedFiles.push({ name: entry.name, vfsPath: childVfs, diskPath: childDisk, role: classifyVfsPath(childVfs), size: target.size, order: entry.order });
      }
      if (kind === 'folder') {
        const child = await this.scanFolder(realRoot, childDisk, entry.name, childVfs, visited);
        if (child) folders.push(child);
      }
    }
    // Plain files are the bulk of a folder and need nothing per scan: their list is built once per read.
    const files = linkedFiles.length === 0 ? listing.files : [...listing.files, ...linkedFiles].sort((a, b) => a.order - b.order);
    return { name, vfsPath, diskPath, folders, files };
  }

  /** The folder's entries, from the last read when that is still provably current. */
  private async listing(diskPath: string, vfsPath: string): Promise<Listing | null> {
    // The clock is read before the stat and the stat is taken before the read, so a change racing
    // with the read leaves a newer signature behind and is picked up next time.
    const startedMs = this.now();
    let signature: ChangeSignature;
    try {
      const info = await this.fileSystem.stat(diskPath);
      if (!info.isDirectory()) return null;
      signature = signatureOf(info);
    } catch {
      return null;
    }
    const cached = this.listings.get(diskPath);
    if (cached?.settled && sameSignature(cached.signature, signature)) return cached;
    let dirents: Dirent[];
    try {
      dirents = await this.fileSystem.readdir(diskPath);
    } catch {
      return null;
    }
    const source = sourceOf(dirents);
    // A folder re-read only because it changed recently usually lists exactly what it did: keep the work done on it.
    if (cached?.source && source && sameEntries(cached.source, source)) return { ...cached, signature, settled: settledBefore(signature, startedMs) };
    const entries: Array<{ name: string; kind: EntryKind }> = [];
    for (const dirent of dirents) {
      if (dirent.name.startsWith('.')) continue;
      const kind = await this.entryKind(dirent, diskPath + path.sep + dirent.name);
      if (kind) entries.push({ name: dirent.name, kind });
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    const files: ScannedFile[] = [];
    const others: Listing['others'][number][] = [];
    entries.forEach((entry, order) => {
      if (entry.kind !== 'file') others.push({ name: entry.name, kind: entry.kind, order });
      else {
        const childVfs = `${vfsPath}/${entry.name}`;
        files.push({ name: entry.name, vfsPath: childVfs, diskPath: diskPath + path.sep + entry.name, role: classifyVfsPath(childVfs), order });
      }
    });
    return { signature, settled: settledBefore(signature, startedMs), source, files, others };
  }

  /** Files, folders and links; devices, sockets and pipes are not manuscript. */
  private async entryKind(dirent: Dirent, diskPath: string): Promise<EntryKind | null> {
    if (dirent.isSymbolicLink()) return 'link';
    if (dirent.isDirectory()) return 'folder';
    if (dirent.isFile()) return 'file';
    if (dirent.isBlockDevice() || dirent.isCharacterDevice() || dirent.isFIFO() || dirent.isSocket()) return null;
    // Some file systems do not report entry types in a listing; ask the entry itself.
    const info = await this.fileSystem.lstat(diskPath).catch(() => null);
    if (!info) return null;
    return info.isSymbolicLink() ? 'link' : info.isDirectory() ? 'folder' : info.isFile() ? 'file' : null;
  }

  /** A link is followed only when its target stays inside the workspace and outside app data. */
  private async linkTarget(realRoot: string, diskPath: string): Promise<{ kind: 'file' | 'folder'; size: number } | null> {
    try {
      const real = await this.fileSystem.realpath(diskPath);
      const appData = path.join(realRoot, '.control-room');
      if (!real.startsWith(realRoot + path.sep) || real === appData || real.startsWith(appData + path.sep)) return null;
      const info = await this.fileSystem.stat(real);
      return info.isDirectory() ? { kind: 'folder', size: info.size } : info.isFile() ? { kind: 'file', size: info.size } : null;
    } catch {
      return null;
    }
  }
}

/** Type letter + name of each entry, in the order read; null when some entry's type is unknown. */
function sourceOf(dirents: readonly Dirent[]): string[] | null {
  const source: string[] = [];
  for (const dirent of dirents) {
    const type = dirent.isSymbolicLink() ? 'l' : dirent.isDirectory() ? 'd' : dirent.isFile() ? 'f' : dirent.isBlockDevice() || dirent.isCharacterDevice() || dirent.isFIFO() || dirent.isSocket() ? 'o' : null;
    if (type === null) return null;
    source.push(type + dirent.name);
  }
  return source;
}

function sameEntries(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry === b[index]);
}
