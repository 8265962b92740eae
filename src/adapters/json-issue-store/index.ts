export { JsonIssueStore, ISSUES_FILE } from './json-issue-store.js';
