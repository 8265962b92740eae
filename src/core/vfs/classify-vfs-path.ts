import { CANON_VFS_PATH, type VfsRole } from '../../protocol/index.js';

/** True for the outline naming conventions: `Story/SCN-outline.md` or any `*outline*.md` under `Story/`. */
export function looksLikeOutline(path: string): boolean {
  if (!path.startsWith('Story/')) return false;
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return name.endsWith('.md') && name.includes('outline');
}

/** The role of a VFS file, judged from its folder and name only. */
export function classifyVfsPath(path: string): VfsRole {
  if (path === CANON_VFS_PATH) return 'canon';
  if (looksLikeOutline(path)) return 'outline';
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (path.startsWith('Story/') && /^SCN-.+\.md$/i.test(name)) return 'scene';
  if (path.startsWith('Compendium/Characters/')) return 'character';
  if (path.startsWith('Compendium/Places/')) return 'place';
  if (path.startsWith('Compendium/Lore/')) return 'lore';
  return 'other';
}

/**
 * Picks the one outline among candidate paths: `Story/SCN-outline.md` when present, otherwise the
 * shallowest, then alphabetically first, so the choice is stable.
 */
export function pickOutline(paths: readonly string[]): string | null {
  const candidates = paths.filter(looksLikeOutline);
  if (candidates.includes('Story/SCN-outline.md')) return 'Story/SCN-outline.md';
  candidates.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return candidates[0] ?? null;
}
