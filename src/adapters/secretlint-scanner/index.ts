export { SecretlintScanner } from './secretlint-scanner.js';
export { processScrubber } from './process-scrubber.js';
