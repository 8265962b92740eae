export { PicturesPanel } from './pictures-panel.js';
