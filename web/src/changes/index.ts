export { ChangesPanel } from './changes-panel.js';
export { TaskReview } from './task-review.js';
