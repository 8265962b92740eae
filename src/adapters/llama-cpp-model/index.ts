export { LlamaCppModel, loadLlamaModule } from './llama-cpp-model.js';
export type { LlamaCppModelOptions, LlamaModule } from './llama-cpp-model.js';
export { toGbnfJsonSchema } from './to-gbnf-json-schema.js';
export { toLlamaHistory } from './to-llama-history.js';
export type { LlamaHistoryItem } from './to-llama-history.js';
