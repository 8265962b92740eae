import type { Issue } from '../../protocol/index.js';

const PRIORITY_RANK: Record<Issue['priority'], number> = { urgent: 0, high: 1, normal: 2, low: 3 };

/** Most urgent first, then newest first; ties broken by id so the order is stable. */
export function compareIssues(a: Issue, b: Issue): number {
  return (
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    b.createdAt.localeCompare(a.createdAt) ||
    b.id.localeCompare(a.id, 'en', { numeric: true })
  );
}

/** A sorted copy of the issues (see `compareIssues`). */
export function sortIssues(issues: readonly Issue[]): Issue[] {
  return [...issues].sort(compareIssues);
}
