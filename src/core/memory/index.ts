export { BucketMemory } from './bucket-memory.js';
export type { BucketMemoryOptions } from './bucket-memory.js';
export { memoryPromptBlock } from './memory-prompt-block.js';
export { buildRegister, clip, oneLine } from './build-register.js';
export {
  buildBucketContext,
  packageContext,
  SHORT_CONTEXT_ITEMS,
  SHORT_CONTEXT_MAX_CHARS,
  LONG_CONTEXT_ITEMS,
  LONG_CONTEXT_MAX_CHARS,
  MAX_PACKAGE_ITEMS,
} from './build-context-package.js';
export type { BuiltBucketContext } from './build-context-package.js';
export { rankItem, recencyAt, referenceScore, compareForRetrieval, orderForRetrieval, TOPIC_HIT_WEIGHT, CITATION_WEIGHT, DEFAULT_HALF_LIFE_MS } from './rank-items.js';
export { topicTerms, searchTerms, itemTerms, sharedTerms } from './topic-terms.js';
export { citedItemIds } from './match-citations.js';
export { prepareMemoryItem, resolveBucketId, checkBucketId, requireBucketShape, normalizeRefPath } from './prepare-memory-item.js';
export type { NewMemoryItem } from './prepare-memory-item.js';
export { memoryError, itemNotFound } from './memory-errors.js';
