import type { VfsNode } from '../../protocol/index.js';
import type { Workspace } from '../../core/ports/index.js';

/** Scene files of the workspace in order, as its VFS tree marks them. */
export async function sceneFiles(workspace: Workspace): Promise<string[]> {
  const tree = await workspace.tree();
  const scenes: string[] = [];
  const walk = (nodes: readonly VfsNode[]): void => {
    for (const node of nodes) {
      if (node.type === 'folder') walk(node.children);
      else if (node.role === 'scene') scenes.push(node.path);
    }
  };
  walk(tree.root.children);
  return scenes.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function sceneNumberOf(path: string): number | null {
  const match = /SCN-0*(\d+)/i.exec(path.split('/').pop() ?? '');
  return match ? Number(match[1]) : null;
}

/** The words of a scene file's slug: `SCN-10-the-tin-box.md` → `the tin box`. */
function slugWords(path: string): string {
  return (path.split('/').pop() ?? '').replace(/\.md$/i, '').replace(/^SCN-\d+-?/i, '').replace(/[-_]+/g, ' ').trim().toLowerCase();
}

/**
 * The scenes a writer's message names: by number ("scene 7", "SCN-07", "chapter 7") or by the
 * words of a scene's file name ("the tin box"), in the order the message names them.
 */
export function namedScenes(message: string, scenes: readonly string[]): string[] {
  const named: Array<{ at: number; path: string }> = [];
  for (const match of message.matchAll(/\b(?:scenes?|chapters?|SCN)[\s#-]*0*(\d{1,3})\b/gi)) {
    const path = scenes.find((scene) => sceneNumberOf(scene) === Number(match[1]));
    if (path) named.push({ at: match.index, path });
  }
  const lower = message.toLowerCase();
  for (const scene of scenes) {
    const words = slugWords(scene);
    // One-word slugs such as "letters" or "the glass" are too common to mean the scene.
    const distinctive = words.replace(/^the /, '');
    const at = distinctive.includes(' ') ? lower.indexOf(distinctive) : -1;
    if (at !== -1) named.push({ at, path: scene });
  }
  return [...new Set(named.sort((a, b) => a.at - b.at).map((entry) => entry.path))];
}
