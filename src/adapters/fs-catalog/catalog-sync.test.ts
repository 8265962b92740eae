import { describe, expect, it } from 'vitest';
import { ToolRegistry, buildToolCatalog, coreTools } from '../../core/tools/index.js';
import { loadGlobalCatalog } from './load-tool-catalog.js';

describe('catalog/tools.json', () => {
  it('is in sync with the tool registry', async () => {
    const shipped = await loadGlobalCatalog();
    const expected = buildToolCatalog(new ToolRegistry(coreTools()));
    expect(shipped, 'catalog/tools.json is out of date with the tool registry. Run: npx tsx scripts/build-catalog.ts').toEqual(expected);
  });
});
