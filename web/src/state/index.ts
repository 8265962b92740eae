export { StateSelector } from './state-selector.js';
