import type { VfsNode, VfsRole } from '../../protocol/index.js';
import type { ForEachSource } from '../../protocol/runs.js';
import type { Workspace } from '../ports/index.js';

/** One thing a `for_each` step works on: a VFS file and its name (the file name without `.md`). */
export interface RunItem {
  path: string;
  name: string;
}

const ROLES: Record<ForEachSource, readonly VfsRole[]> = {
  scenes: ['scene'],
  characters: ['character'],
  places: ['place'],
  lore: ['lore'],
  compendium: ['character', 'place', 'lore'],
};

function collect(node: VfsNode, roles: readonly VfsRole[], into: RunItem[]): void {
  if (node.type === 'folder') {
    for (const child of node.children) collect(child, roles, into);
  } else if (roles.includes(node.role) && node.path.toLowerCase().endsWith('.md')) {
    into.push({ path: node.path, name: node.name.replace(/\.md$/i, '') });
  }
}

/** The files a `for_each` names, found through the VFS tree by role, sorted by path. */
export async function runItems(workspace: Workspace, source: ForEachSource): Promise<RunItem[]> {
  const items: RunItem[] = [];
  collect((await workspace.tree()).root, ROLES[source], items);
  return items.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
