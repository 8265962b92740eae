export { buildToolCatalog, catalogEntryOf, exampleEnvelope, promptIdOf } from './build-catalog.js';
export { mergeToolCatalog } from './merge-catalog.js';
export type { CatalogLayer, MergeToolCatalogInput } from './merge-catalog.js';
export { renderToolCatalog } from './render-catalog.js';
export { summarizeArgs } from './summarize-args.js';
