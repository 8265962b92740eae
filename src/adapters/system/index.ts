export { systemClock } from './system-clock.js';
export { systemIds } from './system-ids.js';
