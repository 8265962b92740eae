import { SearchIssuesArgsSchema, type Issue, type SearchIssuesArgs } from '../../protocol/index.js';
import { sortIssues } from '../issues/index.js';
import type { ToolDefinition } from './tool-definition.js';

/** Most issues one search returns; `total_matches` still counts them all. */
const MAX_RESULTS = 30;
const BODY_EXCERPT_LENGTH = 200;

const fold = (text: string): string => text.normalize('NFKC').trim().toLowerCase();

/** The personal tag sets a search looks at: the named agent's, or every agent's. */
function personalTagSets(issue: Issue, agent: string | undefined): Set<string>[] {
  const entries = Object.entries(issue.personalTags);
  const chosen = agent === undefined ? entries : entries.filter(([agentId]) => fold(agentId) === fold(agent));
  return chosen.map(([, tags]) => new Set(tags.map(fold)));
}

/** True when the issue passes every filter given; filters left out do not narrow the search. */
function matches(issue: Issue, args: SearchIssuesArgs): boolean {
  const status = args.status ?? 'open';
  if (status !== 'all' && issue.status !== status) return false;
  if (args.priority !== undefined && issue.priority !== args.priority) return false;
  if (args.assignedTo !== undefined && (issue.assignedTo === null || fold(issue.assignedTo) !== fold(args.assignedTo))) return false;
  if (args.minInterestLevel !== undefined && issue.interestLevel < args.minInterestLevel) return false;
  if (args.tags !== undefined) {
    const tags = new Set(issue.tags.map(fold));
    if (!args.tags.every((tag) => tags.has(fold(tag)))) return false;
  }
  const sets = personalTagSets(issue, args.personalAgent);
  if (args.personalTags !== undefined && args.personalTags.length > 0) {
    if (!sets.some((set) => args.personalTags?.every((tag) => set.has(fold(tag))))) return false;
  }
  if (args.excludePersonalTags !== undefined && sets.some((set) => args.excludePersonalTags?.some((tag) => set.has(fold(tag))))) return false;
  return true;
}

function summary(issue: Issue): Record<string, unknown> {
  const body = issue.body.length > BODY_EXCERPT_LENGTH ? `${issue.body.slice(0, BODY_EXCERPT_LENGTH)}…` : issue.body;
  return {
    id: issue.id,
    title: issue.title,
    status: issue.status,
    priority: issue.priority,
    tags: issue.tags,
    assignedTo: issue.assignedTo,
    interestLevel: issue.interestLevel,
    receipts: issue.receiptIds.length,
    createdAt: issue.createdAt,
    body,
  };
}

/** `search_issues`: filters the room's issue list (notes, archived conference turns) and returns summaries. */
export const searchIssuesTool: ToolDefinition<SearchIssuesArgs> = {
  id: 'search_issues',
  summary: "Search the room's filed issues and archived turns by tags, status, priority or assignee.",
  description:
    'Search the issues the room has filed (open notes, archived conference turns with their receipts). Use it to see what ' +
    'was already found or decided before raising a point again. Every filter is optional and all must hold: tags (the issue ' +
    'has all of them), assignedTo, status (open by default; closed or all), priority, personalTags of personalAgent (or of ' +
    'any agent; personalAgent only scopes the personal tag filters), excludePersonalTags, minInterestLevel (0-5). Results: most urgent first, then newest.',
  schema: SearchIssuesArgsSchema,
  example: { tags: ['continuity'], status: 'open', priority: 'normal' },
  async run(args, context) {
    const found = sortIssues((await context.issues.list()).filter((issue) => matches(issue, args)));
    const result: Record<string, unknown> = {
      total_matches: found.length,
      issues: found.slice(0, MAX_RESULTS).map(summary),
    };
    if (found.length > MAX_RESULTS) result['truncated'] = true;
    return { result, fileRefs: [] };
  },
};
