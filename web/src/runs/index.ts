export { RunsPanel } from './runs-panel.js';
