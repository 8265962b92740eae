export { LlamaCppModel } from './llama-cpp-model.js';
export { toLlamaHistory } from './to-llama-history.js';
export type { LlamaHistoryItem } from './to-llama-history.js';
