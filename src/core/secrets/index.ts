export { SecretScrubber, SECRET_REF_PREFIX } from './secret-scrubber.js';
export type { ScrubOptions, ScrubResult } from './secret-scrubber.js';
export { MemorySecretVault } from './memory-secret-vault.js';
export { findHighEntropyTokens, shannonEntropy } from './find-high-entropy.js';
export { scrubbingModel, scrubModelRequest } from './scrubbing-model.js';
export { scrubbingTraceStore } from './scrubbing-trace-store.js';
