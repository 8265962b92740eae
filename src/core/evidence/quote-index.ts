import type { Workspace } from '../ports/index.js';
import { indexFile, type IndexedFile } from './indexed-file.js';
import { ManuscriptSearch } from './manuscript-search.js';

interface WorkspaceCache {
  files: Map<string, IndexedFile>;
  /** Builds in flight, keyed by path and version, so concurrent checks read a file once. */
  pending: Map<string, Promise<IndexedFile>>;
  search: ManuscriptSearch | null;
}

/** Files read at once while indexing a whole manuscript. */
const READ_CONCURRENCY = 16;

/**
 * Folded, line-mapped copies of manuscript files for quote verification, built once per file
 * version and shared by every check. A file's version is its size and modification time from
 * `Workspace.stat`, so an edited file is re-read on its next use and the others are not. (Two
 * writes of the same size within one timestamp tick look alike; call `invalidate` after writing
 * files yourself if that matters.) Caches are per workspace object and vanish with it.
 */
export class QuoteIndex {
  private readonly caches = new WeakMap<Workspace, WorkspaceCache>();
  /** How many file versions were read and indexed: lets a test or benchmark see what was re-read. */
  builds = 0;

  /** The indexed, current version of one file. Throws the workspace's error for a bad or missing path. */
  async file(workspace: Workspace, path: string): Promise<IndexedFile> {
    const cache = this.cacheFor(workspace);
    const stat = await workspace.stat(path);
    const version = `${stat.size}:${stat.modifiedMs}`;
    const known = cache.files.get(stat.path);
    if (known && known.version === version) return known;
    const key = `${stat.path}\n${version}`;
    const inFlight = cache.pending.get(key);
    if (inFlight) return inFlight;
    const build = (async (): Promise<IndexedFile> => {
      const content = await workspace.read(stat.path);
      const file = indexFile(content.path, content.content, version, content.sha256, stat.placeholder === true);
      this.builds += 1;
      cache.files.set(file.path, file);
      cache.search?.put(file);
      return file;
    })();
    cache.pending.set(key, build);
    try {
      return await build;
    } finally {
      cache.pending.delete(key);
    }
  }

  /**
   * Every readable file of the workspace, current, behind a word index for manuscript-wide quote
   * search. Only files that changed since the last call are read again; deleted files are dropped.
   */
  async manuscript(workspace: Workspace): Promise<ManuscriptSearch> {
    const cache = this.cacheFor(workspace);
    const paths = await workspace.listFiles();
    const files: Array<IndexedFile | null> = new Array<IndexedFile | null>(paths.length).fill(null);
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let index = next++; index < paths.length; index = next++) {
        // Files the VFS cannot read as text (binary, too large) cannot hold a quote: skip them.
        files[index] = await this.file(workspace, paths[index] ?? '').catch(() => null);
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, paths.length) }, worker));
    // The first time, every file is indexed at once, packed; after that only changed files are put.
    if (cache.search === null) {
      cache.search = new ManuscriptSearch();
      cache.search.build(files.filter((file): file is IndexedFile => file !== null && !file.placeholder));
    }
    const search = cache.search;
    const present = new Set<string>();
    for (const file of files) {
      // A placeholder (Canon.md before it is built) is not manuscript: nothing is found in it.
      if (!file || file.placeholder) continue;
      present.add(file.path);
      search.put(file);
    }
    for (const path of search.paths()) {
      if (!present.has(path)) {
        search.remove(path);
        cache.files.delete(path);
      }
    }
    return search;
  }

  /** Forgets one file of a workspace, or the whole workspace, so the next use reads it again. */
  invalidate(workspace: Workspace, path?: string): void {
    if (path === undefined) {
      this.caches.delete(workspace);
      return;
    }
    const cache = this.caches.get(workspace);
    cache?.files.delete(path);
    cache?.search?.remove(path);
  }

  private cacheFor(workspace: Workspace): WorkspaceCache {
    let cache = this.caches.get(workspace);
    if (!cache) {
      cache = { files: new Map(), pending: new Map(), search: null };
      this.caches.set(workspace, cache);
    }
    return cache;
  }
}

/** The index `validateEvidence` uses when the caller does not pass one. */
export const sharedQuoteIndex = new QuoteIndex();
