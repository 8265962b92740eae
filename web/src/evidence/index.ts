export { citationTarget, replyBody } from './report-view.js';
export type { CitationTarget } from './report-view.js';
