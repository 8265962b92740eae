import type { Issue, NewIssue } from '../../protocol/index.js';

/** The issue list of a workspace (`.control-room/issues/issues.json`), written atomically. */
export interface IssueStore {
  list(): Promise<Issue[]>;
  /** The issue with this id, or null. */
  get(id: string): Promise<Issue | null>;
  create(issue: NewIssue): Promise<Issue>;
  /** Applies a partial change; throws `issue_not_found` for an unknown id. */
  update(id: string, change: Partial<Omit<Issue, 'id' | 'schema_version' | 'createdAt'>>): Promise<Issue>;
}
