import { nodeFileSystem, type WorkspaceFileSystem } from './workspace-file-system.js';

/** One call that reached the file system, with the path it was about. */
export interface FileSystemCall {
  method: keyof WorkspaceFileSystem;
  diskPath: string;
}

/**
 * The real file system with every call recorded (a size asked for many files counts once per
 * file), so tests can prove how much disk work a workspace call did. Counts, never times.
 */
export class CountingFileSystem implements WorkspaceFileSystem {
  readonly calls: FileSystemCall[] = [];

  constructor(private readonly inner: WorkspaceFileSystem = nodeFileSystem) {}

  /** Forgets the calls recorded so far. */
  reset(): void {
    this.calls.length = 0;
  }

  /** The paths passed to one method, in call order. */
  pathsOf(method: keyof WorkspaceFileSystem): string[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.diskPath);
  }

  stat(diskPath: string): ReturnType<WorkspaceFileSystem['stat']> {
    this.calls.push({ method: 'stat', diskPath });
    return this.inner.stat(diskPath);
  }

  lstat(diskPath: string): ReturnType<WorkspaceFileSystem['lstat']> {
    this.calls.push({ method: 'lstat', diskPath });
    return this.inner.lstat(diskPath);
  }

  readdir(diskPath: string): ReturnType<WorkspaceFileSystem['readdir']> {
    this.calls.push({ method: 'readdir', diskPath });
    return this.inner.readdir(diskPath);
  }

  realpath(diskPath: string): ReturnType<WorkspaceFileSystem['realpath']> {
    this.calls.push({ method: 'realpath', diskPath });
    return this.inner.realpath(diskPath);
  }

  readFile(diskPath: string): ReturnType<WorkspaceFileSystem['readFile']> {
    this.calls.push({ method: 'readFile', diskPath });
    return this.inner.readFile(diskPath);
  }

  fileSizes(diskPaths: readonly string[]): ReturnType<WorkspaceFileSystem['fileSizes']> {
    for (const diskPath of diskPaths) this.calls.push({ method: 'fileSizes', diskPath });
    return this.inner.fileSizes(diskPaths);
  }
}
