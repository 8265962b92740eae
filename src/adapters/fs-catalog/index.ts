export { loadToolCatalog, loadGlobalCatalog, GLOBAL_CATALOG_FILE, USER_PROMPTS_FILE, PROJECT_PROMPTS_FILE } from './load-tool-catalog.js';
export type { LoadToolCatalogOptions } from './load-tool-catalog.js';
