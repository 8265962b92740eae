import type { Command } from 'commander';
import type { VfsNode } from '../../protocol/index.js';
import { FsWorkspace } from '../../adapters/fs-workspace/index.js';
import { parseLineRange } from '../../core/vfs/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** Renders the tree the way `tree(1)` does, marking the outline and the virtual Canon.md. */
export function renderTree(nodes: readonly VfsNode[], outlinePath: string | null, indent = ''): string[] {
  const lines: string[] = [];
  nodes.forEach((node, index) => {
    const last = index === nodes.length - 1;
    const marker = node.type === 'file' && node.path === outlinePath ? '  (outline)' : node.type === 'file' && node.virtual ? '  (canon index)' : '';
    lines.push(`${indent}${last ? '└── ' : '├── '}${node.name}${node.type === 'folder' ? '/' : ''}${marker}`);
    if (node.type === 'folder') lines.push(...renderTree(node.children, outlinePath, `${indent}${last ? '    ' : '│   '}`));
  });
  return lines;
}

/** `control-room vfs tree` and `control-room vfs read <path> [--lines a-b]` */
export function registerVfs(program: Command, io: CliIo): void {
  const vfs = program.command('vfs').description('browse the manuscript as agents see it');
  vfs
    .command('tree')
    .description('print the VFS tree: Story/, Compendium/ and Canon.md')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions) => {
      const workspace = await FsWorkspace.open(workspaceDir(options));
      const tree = await workspace.tree();
      emit(io, options, tree, () => ['.', ...renderTree(tree.root.children, tree.outlinePath), '', `${tree.fileCount} files`].join('\n'));
    });
  vfs
    .command('read')
    .description('print a file, or some of its lines')
    .argument('<path>', 'VFS path, e.g. Story/Scenes/SCN-01-the-lamp-room.md')
    .option('--lines <range>', 'line range, e.g. 10-20')
    .option('--workspace <dir>', 'workspace folder')
    .option('--json', 'print JSON')
    .action(async (vfsPath: string, options: CommonOptions & { lines?: string }) => {
      const workspace = await FsWorkspace.open(workspaceDir(options));
      const range = options.lines === undefined ? undefined : parseLineRange(options.lines);
      const file = await workspace.read(vfsPath, range);
      emit(io, options, file, () => {
        const width = String(file.endLine).length;
        const numbered = file.content === '' ? [] : file.content.split('\n').map((line, index) => `${String(file.startLine + index).padStart(width)}  ${line}`);
        return [`${file.path}  (lines ${file.startLine}-${file.endLine} of ${file.lines}, sha256 ${file.sha256.slice(0, 12)})`, ...numbered].join('\n');
      });
    });
}
