export { CanonPanel } from './canon-panel.js';
