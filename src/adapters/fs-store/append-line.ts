import { promises as fs } from 'node:fs';
import { scrubAppData, scrubAppLine } from './scrub-app-data.js';

/**
 * Appends one line to a JSON-lines file and flushes it. When the file does not end with a newline
 * (a crash cut the last append short), the new line starts on a line of its own, so the torn text
 * stays one unreadable line that readers skip and never swallows the record written after it.
 */
async function appendRaw(file: string, line: string, options: { sync?: boolean }): Promise<void> {
  const handle = await fs.open(file, 'a+');
  try {
    const { size } = await handle.stat();
    let separator = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) separator = '\n';
    }
    await handle.appendFile(`${separator}${line.endsWith('\n') ? line : `${line}\n`}`, 'utf8');
    if (options.sync ?? true) await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Appends one line (see `appendRaw`); a line of app data passes the scrubbing boundary first. */
export async function appendLine(file: string, line: string, options: { sync?: boolean } = {}): Promise<void> {
  await appendRaw(file, await scrubAppLine(file, line), options);
}

/** Appends one record as a JSON line; app data passes the scrubbing boundary first. */
export async function appendJsonLine(file: string, value: unknown, options: { sync?: boolean } = {}): Promise<void> {
  await appendRaw(file, JSON.stringify(await scrubAppData(file, value)), options);
}
