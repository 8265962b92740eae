import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Every TypeScript source file below `dir`, tests left out: what the source-scanning tests read. */
export async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []);
    }),
  );
  return nested.flat();
}
