import { promises as fs } from 'node:fs';
import path from 'node:path';

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
 * Appends text to a file with one write and one fsync. If the file ends without a newline (a
 * write torn by a crash), a newline goes first so the torn line stays on its own — verify
 * reports it — and the new lines stay whole.
 */
export async function appendLines(filePath: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  const handle = await fs.open(filePath, 'a+');
  let created = false;
  try {
    const { size } = await handle.stat();
    created = size === 0;
    let prefix = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    await handle.appendFile(prefix + text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (created) await syncFolder(path.dirname(filePath));
}
