import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The folder of the installed control-room package (where `examples/` and `tools.json` ship). */
export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (parsed.name === 'control-room') {
        cached = folder;
        return folder;
      }
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('control-room package root not found');
    folder = parent;
  }
}

/** The bundled sample manuscript. */
export function sampleManuscriptDir(): string {
  return path.join(packageRoot(), 'examples', 'glass-harbour');
}
