import { promises as fs, statSync, type BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { sameFileState } from '../fs-store/index.js';

interface OpenLog {
  handle: FileHandle;
  busy: boolean;
  /** The file as this process's last append left it (inode, size, time), once there was one. */
  left: BigIntStats | null;
}

/** An open log, and whether it is exactly as this process's last append left it. */
export interface HeldLog {
  handle: FileHandle;
  /** The file now, when it is unchanged since this process's last append (whole lines, nothing added); else null. */
  unchanged: BigIntStats | null;
  /** Records the file as an append just left it. */
  leave(stats: BigIntStats): void;
}

/** Session logs kept open at once; the least recently used idle ones beyond this are closed. */
const MAX_OPEN = 16;

/** Flushes a folder so a file just created in it survives a crash (a no-op where folders cannot be opened). */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await fs.open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the file's own fsync still holds.
  }
}

function pathState(filePath: string): BigIntStats | null {
  try {
    return statSync(filePath, { bigint: true, throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/**
 * Session logs kept open for appending, so a turn's append is a write and an fsync, not an open
 * and a close as well. A handle is used again only while its path still names the same file: a
 * log that was deleted or replaced behind this process is opened afresh, so no receipt is ever
 * written into a file nobody can see. One `stat` of the path tells both that and whether the file
 * is exactly as this process's last append left it. One user of a path at a time (the log
 * serialises appends).
 */
export class LogHandles {
  private readonly open = new Map<string, OpenLog>();

  /** Runs `work` with an append handle on `filePath`, creating the file (and its folder) when needed. */
  async use<T>(filePath: string, work: (log: HeldLog) => Promise<T>): Promise<T> {
    const { entry, unchanged } = await this.acquire(filePath);
    entry.busy = true;
    try {
      return await work({ handle: entry.handle, unchanged, leave: (stats) => (entry.left = stats) });
    } catch (error) {
      // After a failed write the handle's state is unknown: the next append opens the file again.
      this.open.delete(filePath);
      await entry.handle.close().catch(() => undefined);
      throw error;
    } finally {
      entry.busy = false;
      await this.trim();
    }
  }

  /** Forgets how this process left a log (after a failed append), so the next one checks its end again. */
  forget(filePath: string): void {
    const entry = this.open.get(filePath);
    if (entry !== undefined) entry.left = null;
  }

  /** Closes every handle. */
  async close(): Promise<void> {
    const entries = [...this.open.values()];
    this.open.clear();
    await Promise.all(entries.map((entry) => entry.handle.close().catch(() => undefined)));
  }

  private async acquire(filePath: string): Promise<{ entry: OpenLog; unchanged: BigIntStats | null }> {
    const known = this.open.get(filePath);
    if (known !== undefined) {
      this.open.delete(filePath);
      // Looked up synchronously (microseconds): every append of a turn makes this one stat.
      const named = pathState(filePath);
      const held = known.left;
      if (named !== null && held !== null && sameFileState(named, held)) {
        this.open.set(filePath, known);
        return { entry: known, unchanged: named };
      }
      // Changed behind this process: still the same file (appended to, edited) is kept; deleted or replaced is not.
      if (named !== null && (await this.stillNamed(named, known.handle))) {
        known.left = null;
        this.open.set(filePath, known);
        return { entry: known, unchanged: null };
      }
      await known.handle.close().catch(() => undefined);
    }
    await fs.mkdir(path.dirname(filePath), { recursive: true });
    const handle = await fs.open(filePath, 'a+');
    const created = (await handle.stat()).size === 0;
    // A log created now must survive a crash as an entry of its folder too.
    if (created) await syncFolder(path.dirname(filePath));
    const entry: OpenLog = { handle, busy: false, left: null };
    this.open.set(filePath, entry);
    return { entry, unchanged: null };
  }

  /** True while the file the path names (`named`) is the very file `handle` has open. */
  private async stillNamed(named: BigIntStats, handle: FileHandle): Promise<boolean> {
    try {
      const held = await handle.stat({ bigint: true });
      return held.nlink > 0n && held.ino === named.ino && held.dev === named.dev;
    } catch {
      return false;
    }
  }

  private async trim(): Promise<void> {
    for (const [filePath, entry] of this.open) {
      if (this.open.size <= MAX_OPEN) return;
      if (entry.busy) continue;
      this.open.delete(filePath);
      await entry.handle.close().catch(() => undefined);
    }
  }
}
