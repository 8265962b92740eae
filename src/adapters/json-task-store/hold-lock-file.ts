import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';

export interface LockFileOptions {
  /** How long to wait for another holder (default 30 s). */
  waitMs?: number;
  /** A lock older than this was left by a process that died; it is broken (default 5 min). */
  staleMs?: number;
}

/**
 * Holds `file` as a lock across processes: created exclusively (`wx`), removed on release. A
 * second holder polls until the first releases, the lock goes stale, or the wait ends
 * (`lock_busy`). Resolves with the release function.
 */
export async function holdLockFile(file: string, what: string, options: LockFileOptions = {}): Promise<() => Promise<void>> {
  const waitMs = options.waitMs ?? 30_000;
  const staleMs = options.staleMs ?? 5 * 60_000;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await fs.open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await fs.rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const info = await fs.stat(file).catch(() => null);
    if (info !== null && Date.now() - info.mtimeMs > staleMs) {
      await fs.rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new ControlRoomError('lock_busy', `${what} is being answered elsewhere; try again in a moment (or remove ${file} if no Control Room is running).`, { fault: 'system' });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
