import type { MemoryItemRecord } from '../../protocol/memory.js';
import { normalizeVfsPath } from '../vfs/index.js';

/** A cited or referenced path without its anchor, in VFS normal form; null when it is not a VFS path. */
function citedFile(raw: string): string | null {
  const hash = raw.indexOf('#');
  const checked = normalizeVfsPath((hash < 0 ? raw : raw.slice(0, hash)).trim());
  return checked.ok ? checked.path : null;
}

/** Ids of the notes that refer to at least one of the cited paths (compared file to file, anchors ignored). */
export function citedItemIds(items: readonly MemoryItemRecord[], citedPaths: readonly string[]): string[] {
  const cited = new Set(citedPaths.map(citedFile).filter((path): path is string => path !== null));
  if (cited.size === 0) return [];
  return items
    .filter((item) => item.metadata.refs.paths.some((path) => {
      const file = citedFile(path);
      return file !== null && cited.has(file);
    }))
    .map((item) => item.item_id);
}
