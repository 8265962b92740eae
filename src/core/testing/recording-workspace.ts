import type { LineRange, VfsFileContent, VfsStat, VfsTree } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';

/** One call that reached the workspace port. */
export interface WorkspaceCall {
  method: 'tree' | 'listFiles' | 'read' | 'stat';
  path?: string;
  range?: LineRange;
}

/**
 * A workspace that passes every call to a real one and records it, so a test can prove what a
 * tool touched (for example, that a dry run read no file content).
 */
export class RecordingWorkspace implements Workspace {
  readonly calls: WorkspaceCall[] = [];

  constructor(private readonly inner: Workspace) {}

  /** Paths passed to `read`, in call order. */
  get reads(): string[] {
    return this.calls.filter((call) => call.method === 'read').map((call) => call.path ?? '');
  }

  tree(): Promise<VfsTree> {
    this.calls.push({ method: 'tree' });
    return this.inner.tree();
  }

  listFiles(): Promise<string[]> {
    this.calls.push({ method: 'listFiles' });
    return this.inner.listFiles();
  }

  read(path: string, range?: LineRange): Promise<VfsFileContent> {
    this.calls.push(range === undefined ? { method: 'read', path } : { method: 'read', path, range });
    return this.inner.read(path, range);
  }

  stat(path: string): Promise<VfsStat> {
    this.calls.push({ method: 'stat', path });
    return this.inner.stat(path);
  }
}
