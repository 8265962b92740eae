/**
 * Issues (`.control-room/issues/issues.json`): notes the room files about the manuscript, including
 * each archived conference turn with its linked receipts.
 */
import { z } from 'zod';

export const ISSUE_SCHEMA_VERSION = 1;

export const IssueStatusSchema = z.enum(['open', 'closed']);
export const IssuePrioritySchema = z.enum(['low', 'normal', 'high', 'urgent']);

export const IssueSchema = z.strictObject({
  schema_version: z.literal(ISSUE_SCHEMA_VERSION),
  id: z.string().min(1),
  title: z.string().min(1).max(300),
  body: z.string(),
  status: IssueStatusSchema,
  priority: IssuePrioritySchema,
  tags: z.array(z.string()),
  assignedTo: z.string().nullable(),
  /** Tags an agent keeps for itself, by agent id. */
  personalTags: z.record(z.string(), z.array(z.string())),
  /** How much the room cares (0–5). */
  interestLevel: z.number().int().min(0).max(5),
  /** Receipts linked to this issue (e.g. a conference turn's phase-1 receipts). */
  receiptIds: z.array(z.string()),
  sessionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Issue = z.infer<typeof IssueSchema>;

export const IssuesFileSchema = z.strictObject({
  schema_version: z.literal(ISSUE_SCHEMA_VERSION),
  issues: z.array(IssueSchema),
});
export type IssuesFile = z.infer<typeof IssuesFileSchema>;

/** What a caller supplies to create an issue; the store fills ids, times and defaults. */
export interface NewIssue {
  title: string;
  body?: string;
  status?: z.infer<typeof IssueStatusSchema>;
  priority?: z.infer<typeof IssuePrioritySchema>;
  tags?: string[];
  assignedTo?: string | null;
  personalTags?: Record<string, string[]>;
  interestLevel?: number;
  receiptIds?: string[];
  sessionId?: string | null;
}
