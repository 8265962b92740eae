import type { ValidationIssue } from '../../protocol/index.js';

/** Enough issues to fix the output; a flood would drown the schema. */
const MAX_LISTED_ISSUES = 20;

/** A path as the model should read it: `batch.2.params.path`, or `(top level)`. */
export function issuePath(issue: ValidationIssue): string {
  return issue.path.length > 0 ? issue.path.join('.') : '(top level)';
}

/**
 * The one structured retry message (JSON tool-calling reference: "retry once with a structured
 * message reiterating the contract"): every path-level issue, the JSON Schema, and how to reply.
 */
export function buildTaskRetryMessage(what: 'plan' | 'batch', toolName: string, issues: readonly ValidationIssue[], jsonSchema: Record<string, unknown>): string {
  const lines = [`Your ${what} was refused as a whole (${issues.length} problem${issues.length === 1 ? '' : 's'}); nothing was applied.`, '', 'Issues:'];
  for (const issue of issues.slice(0, MAX_LISTED_ISSUES)) lines.push(`- ${issuePath(issue)}: ${issue.message} [${issue.code}]`);
  if (issues.length > MAX_LISTED_ISSUES) lines.push(`- … and ${issues.length - MAX_LISTED_ISSUES} more`);
  lines.push(
    '',
    `Send the corrected ${what} once more: call ${toolName}, or reply with the JSON object alone (no prose, no code fence).`,
    'It must match this JSON Schema exactly (unknown keys are refused):',
    JSON.stringify(jsonSchema),
  );
  return lines.join('\n');
}
