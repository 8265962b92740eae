export { AudioPanel } from './audio-panel.js';
