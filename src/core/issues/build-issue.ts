import { ControlRoomError, ISSUE_SCHEMA_VERSION, IssueSchema, type Issue, type NewIssue } from '../../protocol/index.js';

/** Fields a change may not touch: they identify the issue and its history. */
const FIXED_FIELDS = new Set(['id', 'schema_version', 'createdAt']);

/** An issue change, as `IssueStore.update` takes it. */
export type IssueChange = Partial<Omit<Issue, 'id' | 'schema_version' | 'createdAt'>>;

function validated(candidate: unknown, what: string): Issue {
  const parsed = IssueSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(issue)'}: ${issue.message}`);
  throw new ControlRoomError('issue_invalid', `${what} is not valid: ${problems.join('; ')}.`);
}

/** A complete issue from what a caller supplied, with defaults filled in; throws `issue_invalid`. */
export function buildIssue(input: NewIssue, id: string, nowIso: string): Issue {
  return validated(
    {
      schema_version: ISSUE_SCHEMA_VERSION,
      id,
      title: input.title,
      body: input.body ?? '',
      status: input.status ?? 'open',
      priority: input.priority ?? 'normal',
      tags: input.tags ?? [],
      assignedTo: input.assignedTo ?? null,
      personalTags: input.personalTags ?? {},
      interestLevel: input.interestLevel ?? 0,
      receiptIds: input.receiptIds ?? [],
      sessionId: input.sessionId ?? null,
      createdAt: nowIso,
      updatedAt: nowIso,
    },
    'The new issue',
  );
}

/**
 * The issue with a change applied and `updatedAt` set to now. Keys given as `undefined` are
 * ignored; the id, schema version and creation time never change. Throws `issue_invalid`.
 */
export function applyIssueChange(issue: Issue, change: IssueChange, nowIso: string): Issue {
  const next: Record<string, unknown> = { ...issue };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || FIXED_FIELDS.has(key)) continue;
    next[key] = value;
  }
  next['updatedAt'] = nowIso;
  return validated(next, `The change to ${issue.id}`);
}
