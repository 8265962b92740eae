import { ControlRoomError, IssueSchema, type Issue, type NewIssue } from '../../protocol/index.js';
import { applyIssueChange, buildIssue, nextIssueId, type IssueChange } from '../issues/index.js';
import type { Clock, IssueStore } from '../ports/index.js';

const wallClock: Clock = { nowMs: () => Date.now(), nowIso: () => new Date().toISOString() };

/**
 * An issue store in memory with the same rules as the JSON file store: `ISS-<n>` ids, defaults
 * filled, changes validated, `issue_not_found` for unknown ids. Returned issues are copies, so a
 * caller changing one does not change the store. For tests of agents and tools.
 */
export class InMemoryIssueStore implements IssueStore {
  private readonly issues: Issue[];
  private readonly clock: Clock;

  constructor(options: { issues?: readonly Issue[]; clock?: Clock } = {}) {
    this.issues = (options.issues ?? []).map((issue) => IssueSchema.parse(structuredClone(issue)));
    this.clock = options.clock ?? wallClock;
  }

  async list(): Promise<Issue[]> {
    return structuredClone(this.issues);
  }

  async get(id: string): Promise<Issue | null> {
    const found = this.issues.find((issue) => issue.id === id);
    return found === undefined ? null : structuredClone(found);
  }

  async create(input: NewIssue): Promise<Issue> {
    const issue = buildIssue(structuredClone(input), nextIssueId(this.issues), this.clock.nowIso());
    this.issues.push(issue);
    return structuredClone(issue);
  }

  async update(id: string, change: IssueChange): Promise<Issue> {
    const index = this.issues.findIndex((issue) => issue.id === id);
    const current = this.issues[index];
    if (current === undefined) throw new ControlRoomError('issue_not_found', `No issue ${id}. List the issues to find its id.`);
    const updated = applyIssueChange(current, structuredClone(change), this.clock.nowIso());
    this.issues[index] = updated;
    return structuredClone(updated);
  }
}
