export { JsonCreditsStore, CREDITS_FILE } from './json-credits-store.js';
