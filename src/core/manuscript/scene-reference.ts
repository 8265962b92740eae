/**
 * Resolves a scene reference as writers put it in an outline (`SCN-08-letters`,
 * `SCN-08-letters.md`, `Story/Scenes/SCN-08-letters.md`, `` `SCN-08-letters` ``) to a VFS path,
 * or null when no file matches. Exact paths win, then a unique file-name match.
 */
export function resolveSceneReference(reference: string, files: readonly string[]): string | null {
  const cleaned = reference.replace(/[`*_[\]]/g, '').replace(/\(.*\)$/, '').trim();
  if (cleaned === '') return null;
  if (files.includes(cleaned)) return cleaned;
  const withExtension = /\.md$/i.test(cleaned) ? cleaned : `${cleaned}.md`;
  if (files.includes(withExtension)) return withExtension;
  const name = withExtension.split('/').pop()!.toLowerCase();
  const byName = files.filter((path) => path.split('/').pop()!.toLowerCase() === name);
  return byName.length === 1 ? byName[0]! : null;
}
