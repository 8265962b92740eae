/**
 * Writes `catalog/tools.json`, the global tool catalog shipped with the package, from the tool
 * registry, so the catalog can never drift from the tools' real descriptions and schemas.
 *   npx tsx scripts/build-catalog.ts          write the file
 *   npx tsx scripts/build-catalog.ts --check  exit 1 when the file is out of date (for CI)
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { packageRoot, writeJsonAtomic } from '../src/adapters/fs-store/index.js';
import { GLOBAL_CATALOG_FILE } from '../src/adapters/fs-catalog/index.js';
import { ToolRegistry, buildToolCatalog, coreTools } from '../src/core/tools/index.js';

const target = path.join(packageRoot(), GLOBAL_CATALOG_FILE);
const catalog = buildToolCatalog(new ToolRegistry(coreTools()));
const wanted = `${JSON.stringify(catalog, null, 2)}\n`;

if (process.argv.includes('--check')) {
  const current = await fs.readFile(target, 'utf8').catch(() => '');
  if (current !== wanted) {
    console.error(`${GLOBAL_CATALOG_FILE} is out of date. Run: npx tsx scripts/build-catalog.ts`);
    process.exit(1);
  }
  console.log(`${GLOBAL_CATALOG_FILE} is up to date (${catalog.tools.length} tools).`);
} else {
  await writeJsonAtomic(target, catalog);
  console.log(`Wrote ${GLOBAL_CATALOG_FILE} (${catalog.tools.length} tools).`);
}
