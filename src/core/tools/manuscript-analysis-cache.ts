import { CANON_VFS_PATH, isControlRoomError, type ControlRoomError, type LineRange, type VfsFileContent, type VfsNode, type VfsStat, type VfsTree } from '../../protocol/index.js';
import { sha256Hex } from '../manuscript/index.js';
import type { Workspace } from '../ports/index.js';
import type { ToolOutput } from './tool-definition.js';

/** Analyses kept; the least recently used beyond this are dropped. */
const MAX_ANALYSES = 16;

const analyses = new Map<string, ToolOutput>();
const counters = { computed: 0, reused: 0 };

/** How many analyses were computed and how many answered from the cache (for tests and diagnostics). */
export function manuscriptAnalysisStats(): { computed: number; reused: number } {
  return { ...counters };
}

/** A read as it was pinned: the file's content, or the error reading it gave. */
type PinnedRead = { content: VfsFileContent } | { error: ControlRoomError };

/**
 * The workspace as it was when its files were hashed: the same tree and the same whole-file reads,
 * so an analysis computed through it is exactly an analysis of the hashed content. Anything else
 * it is asked (a line range, a stat, a file it did not hash) goes to the real workspace and marks
 * the analysis as depending on more than the key says, so it is not kept.
 */
class PinnedWorkspace implements Workspace {
  strayed = false;

  constructor(
    private readonly base: Workspace,
    private readonly pinnedTree: VfsTree,
    private readonly reads: ReadonlyMap<string, PinnedRead>,
  ) {}

  async tree(): Promise<VfsTree> {
    return this.pinnedTree;
  }

  async listFiles(): Promise<string[]> {
    this.strayed = true;
    return this.base.listFiles();
  }

  async read(path: string, range?: LineRange): Promise<VfsFileContent> {
    const pinned = range === undefined ? this.reads.get(path) : undefined;
    if (pinned === undefined) {
      this.strayed = true;
      return this.base.read(path, range);
    }
    if ('error' in pinned) throw pinned.error;
    return pinned.content;
  }

  async stat(path: string): Promise<VfsStat> {
    this.strayed = true;
    return this.base.stat(path);
  }
}

function filesOf(node: VfsNode, into: string[]): void {
  if (node.type === 'file') into.push(`${node.path}\u0000${node.role}\u0000${node.virtual === true ? 'virtual' : ''}`);
  else for (const child of node.children) filesOf(child, into);
}

/** Reads every Markdown file of the tree (and `extraPaths`) once, hashing what each read gave. */
async function pin(workspace: Workspace, extraPaths: readonly string[]): Promise<{ key: string; view: PinnedWorkspace }> {
  const tree = await workspace.tree();
  const entries: string[] = [];
  filesOf(tree.root, entries);
  const paths = entries.map((entry) => entry.slice(0, entry.indexOf('\u0000')));
  const wanted = [...new Set([...paths.filter((path) => path.toLowerCase().endsWith('.md') || path === CANON_VFS_PATH), ...extraPaths])].sort();
  const reads = new Map<string, PinnedRead>();
  const hashes: string[] = [];
  for (const path of wanted) {
    try {
      const content = await workspace.read(path);
      reads.set(path, { content });
      hashes.push(`${path}\u0000${content.sha256}`);
    } catch (error) {
      if (!isControlRoomError(error)) throw error;
      reads.set(path, { error });
      hashes.push(`${path}\u0000!${error.code}`);
    }
  }
  const key = sha256Hex([tree.outlinePath ?? '', ...entries, '', ...hashes].join('\u0001'));
  return { key, view: new PinnedWorkspace(workspace, tree, reads) };
}

/**
 * A whole-manuscript analysis of a tool, kept by the hashes of every file it can depend on (each
 * Markdown file of the tree, `Canon.md` and the files it was asked about) and its arguments: asked
 * again over unchanged files, it is not computed again; a file changed, added, removed or moved
 * gives a new key. `compute` runs over the very content that was hashed, never over a newer one.
 */
export async function cachedManuscriptAnalysis(
  toolId: string,
  args: unknown,
  workspace: Workspace,
  extraPaths: readonly string[],
  compute: (workspace: Workspace) => Promise<ToolOutput>,
): Promise<ToolOutput> {
  const pinned = await pin(workspace, extraPaths);
  const key = sha256Hex(JSON.stringify([toolId, args, pinned.key]));
  const known = analyses.get(key);
  if (known !== undefined) {
    analyses.delete(key);
    analyses.set(key, known);
    counters.reused += 1;
    return structuredClone(known);
  }
  const output = await compute(pinned.view);
  counters.computed += 1;
  if (!pinned.view.strayed) {
    analyses.set(key, structuredClone(output));
    while (analyses.size > MAX_ANALYSES) analyses.delete(analyses.keys().next().value!);
  }
  return output;
}
