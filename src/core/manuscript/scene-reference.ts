/**
 * Resolves a scene reference as writers put it in an outline (`SCN-08-letters`,
 * `SCN-08-letters.md`, `Story/Scenes/SCN-08-letters.md`, `` `SCN-08-letters` ``, or a Markdown link
 * `[Letters](Scenes/SCN-08-letters.md)`) to a VFS path, or null when no file matches. Exact paths
 * win, then a unique file-name match.
 */
export function resolveSceneReference(reference: string, files: readonly string[]): string | null {
  const link = /\[([^\]]*)\]\(([^)\s]+)\)/.exec(reference);
  if (link) return resolvePlain(decodeLinkTarget(link[2]!), files) ?? resolvePlain(link[1]!, files);
  return resolvePlain(reference, files);
}

function decodeLinkTarget(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

function resolvePlain(reference: string, files: readonly string[]): string | null {
  const cleaned = reference.replace(/`|\*\*/g, '').replace(/^\.\//, '').trim();
  if (cleaned === '') return null;
  if (files.includes(cleaned)) return cleaned;
  const withExtension = /\.md$/i.test(cleaned) ? cleaned : `${cleaned}.md`;
  if (files.includes(withExtension)) return withExtension;
  const name = withExtension.split('/').pop()!.toLowerCase();
  const byName = files.filter((path) => path.split('/').pop()!.toLowerCase() === name);
  return byName.length === 1 ? byName[0]! : null;
}
