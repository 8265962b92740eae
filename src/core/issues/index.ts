export { buildIssue, applyIssueChange } from './build-issue.js';
export type { IssueChange } from './build-issue.js';
export { nextIssueId } from './issue-ids.js';
export { compareIssues, sortIssues } from './sort-issues.js';
export { chatIssue } from './chat-issue.js';
export type { ChatIssueInput, ChatIssueTurn } from './chat-issue.js';
