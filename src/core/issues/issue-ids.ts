import type { Issue } from '../../protocol/index.js';

const ISSUE_ID = /^ISS-(\d{1,15})$/;

/**
 * The next issue id: `ISS-<n>` with n one past the highest in use. Short, ordered ids are what a
 * writer types and an agent cites ("see ISS-12"); stores serialise their writes, so two creates
 * never see the same list. Ids of another form (imported issues) are left alone.
 */
export function nextIssueId(existing: readonly Pick<Issue, 'id'>[]): string {
  let highest = 0;
  for (const issue of existing) {
    const match = ISSUE_ID.exec(issue.id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `ISS-${highest + 1}`;
}
