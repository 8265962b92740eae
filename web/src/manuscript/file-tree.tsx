import type { VfsNode, VfsTree } from '../api/index.js';

interface FileTreeProps {
  tree: VfsTree;
  selectedPath: string | null;
  onOpen: (path: string) => void;
}

const ROLE_LABELS: Partial<Record<string, string>> = { outline: 'Outline', canon: 'Canon' };

function displayName(name: string): string {
  return name.replace(/\.md$/i, '');
}

function Node({ node, tree, selectedPath, onOpen }: { node: VfsNode } & FileTreeProps) {
  if (node.type === 'folder') {
    return (
      <li className="tree-folder">
        <details open>
          <summary>{node.name}</summary>
          <ul>
            {node.children.map((child) => (
              <Node key={child.path} node={child} tree={tree} selectedPath={selectedPath} onOpen={onOpen} />
            ))}
          </ul>
        </details>
      </li>
    );
  }
  const isOutline = node.path === tree.outlinePath || node.role === 'outline';
  const label = isOutline ? 'Outline' : ROLE_LABELS[node.role];
  return (
    <li className="tree-file">
      <button
        type="button"
        className={`tree-file-button role-${node.role}`}
        aria-current={node.path === selectedPath ? 'page' : undefined}
        data-testid={`file-${node.path}`}
        title={node.path}
        onClick={() => onOpen(node.path)}
      >
        <span className="tree-file-name">{node.role === 'canon' ? node.name : displayName(node.name)}</span>
        {label ? <span className={`tree-tag tag-${isOutline ? 'outline' : node.role}`}>{label}</span> : null}
      </button>
    </li>
  );
}

/** The manuscript as the agents see it: Story/, Compendium/ and Canon.md, with the outline marked. */
export function FileTree(props: FileTreeProps) {
  return (
    <ul className="file-tree" aria-label="Manuscript files">
      {props.tree.root.children.map((node) => (
        <Node key={node.path} node={node} {...props} />
      ))}
    </ul>
  );
}
