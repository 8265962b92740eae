import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

interface OpenLog {
  handle: FileHandle;
  busy: boolean;
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

/**
 * Session logs kept open for appending, so a turn's append is a write and an fsync, not an open
 * and a close as well. A handle is used again only while its path still names the same file: a
 * log that was deleted or replaced behind this process is opened afresh, so no receipt is ever
 * written into a file nobody can see. One user of a path at a time (the log serialises appends).
 */
export class LogHandles {
  private readonly open = new Map<string, OpenLog>();

  /** Runs `work` with an append handle on `filePath`, creating the file (and its folder) when needed. */
  async use<T>(filePath: string, work: (handle: FileHandle) => Promise<T>): Promise<T> {
    const entry = await this.acquire(filePath);
    entry.busy = true;
    try {
      return await work(entry.handle);
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

  /** Closes every handle. */
  async close(): Promise<void> {
    const entries = [...this.open.values()];
    this.open.clear();
    await Promise.all(entries.map((entry) => entry.handle.close().catch(() => undefined)));
  }

  private async acquire(filePath: string): Promise<OpenLog> {
    const known = this.open.get(filePath);
    if (known !== undefined) {
      this.open.delete(filePath);
      if (await this.stillNamed(filePath, known.handle)) {
        this.open.set(filePath, known);
        return known;
      }
      await known.handle.close().catch(() => undefined);
    }
    await fs.mkdir(path.dirname(filePath), { recursive: true });
    const handle = await fs.open(filePath, 'a+');
    const created = (await handle.stat()).size === 0;
    // A log created now must survive a crash as an entry of its folder too.
    if (created) await syncFolder(path.dirname(filePath));
    const entry: OpenLog = { handle, busy: false };
    this.open.set(filePath, entry);
    return entry;
  }

  /** True while `filePath` names the very file `handle` has open. */
  private async stillNamed(filePath: string, handle: FileHandle): Promise<boolean> {
    try {
      const [held, named] = await Promise.all([handle.stat(), fs.stat(filePath)]);
      return held.nlink > 0 && held.ino === named.ino && held.dev === named.dev;
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
