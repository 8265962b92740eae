import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Copies a read-only folder (the shared corpus) to `target` and makes the copy writable, since
 * the product writes its app data beside the manuscript it opens. The source is never touched.
 */
export async function writableCopy(source: string, target: string): Promise<void> {
  await fs.cp(source, target, { recursive: true });
  const makeWritable = async (folder: string): Promise<void> => {
    await fs.chmod(folder, 0o755);
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await makeWritable(full);
      else await fs.chmod(full, 0o644);
    }
  };
  await makeWritable(target);
}
