import type { VfsNode } from '../../protocol/index.js';
import type { CanonSourceKind } from '../../protocol/canon.js';
import type { Workspace } from '../ports/index.js';

/** A manuscript file the canon index is built from. */
export interface CanonSourceFile {
  path: string;
  kind: CanonSourceKind;
}

const KIND_ORDER: readonly CanonSourceKind[] = ['character', 'place', 'lore', 'scene'];

function collect(node: VfsNode, into: CanonSourceFile[]): void {
  if (node.type === 'folder') {
    for (const child of node.children) collect(child, into);
    return;
  }
  const kind = KIND_ORDER.find((candidate) => candidate === node.role);
  if (kind !== undefined && node.path.toLowerCase().endsWith('.md')) into.push({ path: node.path, kind });
}

/**
 * Every card, lore file and scene of the workspace, found through the VFS tree by role (never by
 * hard-coded paths): cards first, then lore, then scenes, each by path, so builds run in a fixed order.
 */
export async function listCanonSources(workspace: Workspace): Promise<CanonSourceFile[]> {
  const tree = await workspace.tree();
  const sources: CanonSourceFile[] = [];
  collect(tree.root, sources);
  return sources.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
