export { bookTimeline } from './book-timeline.js';
export type { BookTimeline, TimelineChapter, TimelineMark, TimelineSource } from './book-timeline.js';
