export { MemoryPanel } from './memory-panel.js';
