export { AppHeader, DEMO_BANNER } from './app-header.js';
export { TokenPrompt } from './token-prompt.js';
