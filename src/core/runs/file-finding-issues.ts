import type { Issue } from '../../protocol/index.js';
import type { RecipeStep, RunCache } from '../../protocol/runs.js';
import type { AuditLog, IssueStore } from '../ports/index.js';
import { sha256Hex } from '../manuscript/index.js';
import { isMarkedIntentional, type IntentionalFindings } from './intentional-findings.js';
import type { StepOutcome } from './step-outcome.js';

/** A finding as the manuscript tools report it (only the fields an issue needs). */
interface ReportedFinding {
  kind: string;
  severity: string;
  message: string;
  path: string;
  line: number;
  quote: string;
  canon?: { path: string; line: number; value: string; quote?: string };
}

/** One problem, however many tools reported it, with the receipts of the runs that did. */
interface FindingGroup {
  fingerprint: string;
  finding: ReportedFinding;
  tools: string[];
  receiptIds: string[];
}

function asFinding(value: unknown): ReportedFinding | null {
  const record = value as Partial<ReportedFinding> | null;
  if (record === null || typeof record !== 'object') return null;
  if (typeof record.kind !== 'string' || typeof record.severity !== 'string' || typeof record.path !== 'string' || typeof record.line !== 'number') return null;
  return { ...record, message: String(record.message ?? ''), quote: String(record.quote ?? '') } as ReportedFinding;
}

/** `fp_` + a hash of where and what: the same problem found again gets the same fingerprint. */
function fingerprintOf(finding: ReportedFinding): string {
  return `fp_${sha256Hex([finding.path, finding.line, finding.kind, finding.quote].join('\u0000')).slice(0, 16)}`;
}

/** The fingerprint and severity of a reported finding; null for anything that is not a finding. */
export function findingFingerprint(value: unknown): { fingerprint: string; severity: string } | null {
  const finding = asFinding(value);
  return finding === null ? null : { fingerprint: fingerprintOf(finding), severity: finding.severity };
}

/** The findings of a tool result: `findings`, or `problems` for the outline analyzer. */
export function reportedFindings(result: unknown): unknown[] {
  const record = result as { findings?: unknown; problems?: unknown } | null;
  if (record === null || typeof record !== 'object') return [];
  if (Array.isArray(record.findings)) return record.findings;
  return Array.isArray(record.problems) ? record.problems : [];
}

/** Findings of the chosen severities in the named cache slots, grouped by fingerprint, in slot order. */
export function groupFindings(cache: RunCache, slots: readonly string[], severities: readonly string[], toolOf: (step: string) => string): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const slot of slots) {
    for (const entry of cache.slots[slot] ?? []) {
      for (const candidate of reportedFindings(entry.result)) {
        const finding = asFinding(candidate);
        if (finding === null || !severities.includes(finding.severity)) continue;
        const fingerprint = fingerprintOf(finding);
        const group = groups.get(fingerprint) ?? { fingerprint, finding, tools: [], receiptIds: [] };
        const tool = toolOf(entry.step);
        if (!group.tools.includes(tool)) group.tools.push(tool);
        if (entry.receiptId !== null && !group.receiptIds.includes(entry.receiptId)) group.receiptIds.push(entry.receiptId);
        groups.set(fingerprint, group);
      }
    }
  }
  return [...groups.values()];
}

const kindWords = (kind: string): string => {
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The issue text: what, where, the quote, the canon it contradicts, who found it and how to trace it. */
function issueBody(group: FindingGroup, runId: string, recipeId: string, stepId: string): string {
  const { finding } = group;
  const canon = finding.canon;
  return [
    finding.message,
    '',
    `Where: ${finding.path}#L${finding.line}`,
    `Quote: ${finding.quote}`,
    ...(canon ? [`Canon: ${canon.path}#L${canon.line} — ${canon.quote ?? canon.value}`] : []),
    `Found by: ${group.tools.join(', ')}`,
    `Receipts: ${group.receiptIds.join(', ')}`,
    `Run: ${runId} (recipe ${recipeId}, step ${stepId})`,
    `Finding: ${group.fingerprint}`,
  ].join('\n');
}

export interface IssueStepDependencies {
  issues: IssueStore;
  auditLog: AuditLog;
  /** Findings the writer marked intentional: never filed again for the same lines. */
  intentional?: Pick<IntentionalFindings, 'list'>;
}

/**
 * Files one issue per finding of the chosen severities (default errors) in the step's `from`
 * slots, tagged (default `continuity`) and linked to the receipts of the tool runs that found it;
 * the receipts are also copied into the issue's audit folder. A finding that already has an open
 * issue (same fingerprint) is not filed again.
 */
export async function fileFindingIssues(
  step: RecipeStep,
  cache: RunCache,
  scope: { runId: string; recipeId: string; toolOf: (step: string) => string },
  deps: IssueStepDependencies,
): Promise<StepOutcome> {
  const marks = (await deps.intentional?.list()) ?? [];
  const found = groupFindings(cache, step.from ?? [], step.severities ?? ['error'], scope.toolOf);
  const groups = found.filter((group) => !isMarkedIntentional(group.finding, marks));
  const open = (await deps.issues.list()).filter((issue) => issue.status === 'open');
  const filed: Array<{ issueId: string; fingerprint: string; kind: string; path: string; line: number }> = [];
  const existing: Array<{ issueId: string; fingerprint: string }> = [];
  for (const group of groups) {
    const known = open.find((issue: Issue) => issue.body.includes(`Finding: ${group.fingerprint}`));
    if (known) {
      existing.push({ issueId: known.id, fingerprint: group.fingerprint });
      continue;
    }
    const { finding } = group;
    const issue = await deps.issues.create({
      title: `${kindWords(finding.kind)} at ${finding.path}#L${finding.line}`.slice(0, 300),
      body: issueBody(group, scope.runId, scope.recipeId, step.id),
      tags: [...new Set([...(step.tags ?? ['continuity']), finding.kind])],
      priority: step.priority ?? 'normal',
      receiptIds: group.receiptIds,
      sessionId: scope.runId,
    });
    if (group.receiptIds.length > 0) await deps.auditLog.linkToIssue(scope.runId, issue.id, group.receiptIds);
    filed.push({ issueId: issue.id, fingerprint: group.fingerprint, kind: finding.kind, path: finding.path, line: finding.line });
  }
  const receiptIds = [...new Set(groups.flatMap((group) => group.receiptIds))];
  return {
    status: 'ok',
    receiptIds,
    summary: { filed: filed.map((entry) => entry.issueId), existing: existing.map((entry) => entry.issueId), intentional: found.length - groups.length },
    cache: { step: step.id, item: null, status: 'ok', receiptId: null, result: { filed, existing } },
    issueIds: filed.map((entry) => entry.issueId),
  };
}
