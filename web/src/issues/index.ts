export { IssuesPanel } from './issues-panel.js';
export { IssueBody } from './issue-body.js';
