import { CANON_VFS_PATH, type VfsRole } from '../../protocol/index.js';

const MARKDOWN = /\.(?:md|markdown)$/i;
// Outline-like file stems, once a leading number or `SCN-` is set aside: `Outline`, `book-outline-v2`,
// `Synopsis`, `Beat Sheet`, `Chapter plan`.
const OUTLINE_STEM = /outline|^(?:synopsis|beat[\s_-]*sheet|beats|chapter[\s_-]*(?:plan|list|summaries)|plot[\s_-]*(?:plan|summary)?|treatment)$/i;

/** The file name without folders and extension, e.g. `01 The Ferry`. */
function stemOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
}

/** True for an outline under `Story/`: `SCN-outline.md`, any `*outline*.md`, `Synopsis.md`, `Beat Sheet.md`. */
export function looksLikeOutline(path: string): boolean {
  if (!path.startsWith('Story/') || !MARKDOWN.test(path)) return false;
  const stem = stemOf(path).replace(/^(?:SCN[\s_-]*)?\d*[\s._-]*/i, '');
  return OUTLINE_STEM.test(stem);
}

// Compendium folders writers name in their own words; the first folder that says what it holds wins.
const FOLDER_ROLES: ReadonlyArray<[RegExp, VfsRole]> = [
  [/^(?:characters?|people|persons?|cast|dramatis[\s_-]*personae|who)$/i, 'character'],
  [/^(?:places?|locations?|settings?|locales?|geography|maps?|where)$/i, 'place'],
  [/^(?:lore|world|world[\s_-]*building|history|timelines?|research|notes?|background|facts|bible|canon|glossary|objects|items|things)$/i, 'lore'],
];
const PREFIX_ROLES: ReadonlyArray<[RegExp, VfsRole]> = [
  [/^CHAR[-_ ]/i, 'character'],
  [/^PLACE[-_ ]/i, 'place'],
  [/^LORE[-_ ]/i, 'lore'],
];

/** The role of a Compendium file: by a `CHAR-`/`PLACE-`/`LORE-` name, else by its folders' names. */
function compendiumRole(path: string): VfsRole {
  const stem = stemOf(path);
  for (const [pattern, role] of PREFIX_ROLES) if (pattern.test(stem)) return role;
  const folders = path.split('/').slice(1, -1);
  for (const folder of folders) {
    for (const [pattern, role] of FOLDER_ROLES) if (pattern.test(folder.trim())) return role;
  }
  return 'other';
}

/**
 * The role of a VFS file, judged from its folder and name only. Any Markdown file under `Story/`
 * that is not the outline is a scene (or chapter), whatever it is called; Compendium files take
 * their role from their folders (`Characters`, `People`, `Places`, `Locations`, `Lore`, …).
 */
export function classifyVfsPath(path: string): VfsRole {
  if (path === CANON_VFS_PATH) return 'canon';
  if (looksLikeOutline(path)) return 'outline';
  if (path.startsWith('Story/')) return MARKDOWN.test(path) ? 'scene' : 'other';
  if (path.startsWith('Compendium/') && MARKDOWN.test(path)) return compendiumRole(path);
  return 'other';
}

/**
 * Picks the one outline among candidate paths: `Story/SCN-outline.md` when present, otherwise the
 * shallowest, then one whose name says "outline", then alphabetically first, so the choice is stable.
 */
export function pickOutline(paths: readonly string[]): string | null {
  const candidates = paths.filter(looksLikeOutline);
  if (candidates.includes('Story/SCN-outline.md')) return 'Story/SCN-outline.md';
  const named = (path: string): number => (/outline/i.test(stemOf(path)) ? 0 : 1);
  candidates.sort((a, b) => a.split('/').length - b.split('/').length || named(a) - named(b) || a.localeCompare(b));
  return candidates[0] ?? null;
}
