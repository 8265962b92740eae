import { CORE_TOOL_IDS, type EvidenceIssue, type EvidenceReport, type FileRef } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { findToolCallSyntax } from '../tool-calls/index.js';
import { checkAbsence } from './check-absence.js';
import { checkContent } from './check-content.js';
import { checkReceipts } from './check-receipts.js';
import { checkReceiptSources } from './check-receipt-sources.js';
import { checkLastLine } from './check-last-line.js';
import { checkRole } from './check-role.js';
import { checkSources } from './check-sources.js';
import { checkStructural } from './check-structural.js';
import { findCotLeak } from './detect-cot-leak.js';
import { findEvidenceLines } from './find-evidence-lines.js';
import { parseEvidenceLine, reportedSources } from './parse-evidence-line.js';
import { sharedQuoteIndex, type QuoteIndex } from './quote-index.js';
import { prepareReply } from './reply-text.js';

/** What a reply's evidence is checked against. */
export interface EvidenceContext {
  workspace: Workspace;
  /**
   * Receipts the reply may cite: the session's receipts that verify (signature and chain), plus
   * the conference's phase-1 receipts for phase-2 replies. Never a line merely present in a log.
   */
  knownReceiptIds: ReadonlySet<string>;
  /**
   * What each citable receipt read (its `file_refs`). When given, a content quote from a file that
   * none of the cited receipts read is `receipt_source_mismatch`.
   */
  receiptFiles?: ReadonlyMap<string, readonly FileRef[]>;
  /** Whose reply it is, for the role's source rule. */
  agent?: { id: string; evidenceSources: readonly string[] };
  /** The quote index to use (default: one shared by the process, keyed by workspace). */
  quoteIndex?: QuoteIndex;
  /** Tool ids whose call syntax counts as `tool_syntax` (default: the nine core tools). */
  toolIds?: readonly string[];
}

function emptyReport(): EvidenceReport {
  return { ok: false, line: null, type: null, sources: [], quotes: [], receipts: [], locations: [], searched: [], absenceHits: [], issues: [] };
}

function excerpt(text: string, start: number, end: number): string {
  const shown = text.slice(start, Math.min(end, start + 60));
  return end - start > 60 ? `${shown}…` : shown;
}

async function collectIssues(text: string, context: EvidenceContext, report: EvidenceReport): Promise<EvidenceIssue[]> {
  const issues: EvidenceIssue[] = [];
  const cot = findCotLeak(text);
  if (cot) issues.push({ code: 'cot_leak', message: `The reply opens by thinking aloud ("${excerpt(text, cot.start, cot.end)}"); answer the writer directly.`, span: cot });
  const syntax = findToolCallSyntax(text, context.toolIds ?? CORE_TOOL_IDS);
  if (syntax) {
    issues.push({ code: 'tool_syntax', message: `The reply contains tool-call syntax ("${excerpt(text, syntax.start, syntax.end)}"); an answer never contains a tool call.`, span: { start: syntax.start, end: syntax.end } });
  }
  const lines = findEvidenceLines(text);
  const first = lines[0];
  if (!first) {
    issues.push({ code: 'evidence_missing', message: 'The reply has no evidence line; end it with one, e.g. Evidence: content | Story/Scenes/SCN-01-….md | "the exact words".', span: null });
    checkReceipts(text, [], context.knownReceiptIds, issues);
    return issues;
  }
  for (const extra of lines.slice(1)) {
    issues.push({ code: 'evidence_multiple', message: `The reply has ${lines.length} evidence lines; keep exactly one.`, span: extra.span });
  }
  checkLastLine(text, lines, issues);
  const parsed = parseEvidenceLine(text, first);
  issues.push(...parsed.issues);
  report.line = text.slice(first.span.start, first.span.end).trim();
  report.type = parsed.type;
  report.sources = reportedSources(parsed.sources);
  report.quotes = parsed.quotes.map((quote) => quote.text);
  report.receipts = parsed.receipts.map((receipt) => receipt.id);
  const index = context.quoteIndex ?? sharedQuoteIndex;
  const resolved = await checkSources(parsed.sources, parsed.type, context.workspace, index, issues);
  const detailSpan = { start: parsed.detail.start, end: parsed.detail.end };
  if (parsed.type === 'content' && parsed.detail.text !== '') {
    report.locations = await checkContent(parsed.quotes, resolved, context.workspace, index, issues);
  } else if (parsed.structural) {
    await checkStructural(parsed.structural, detailSpan, parsed.detail.text, resolved, context.workspace, index, issues);
  } else if (parsed.absence) {
    const outcome = await checkAbsence(parsed.absence, parsed.detail, resolved, context.workspace, index, issues);
    report.searched = outcome.searched;
    report.absenceHits = outcome.hits;
  }
  // A receipt named only in the prose ("I searched (rcpt_…)") vouches for the quotes as much as one in the line.
  const cited = checkReceipts(text, parsed.receipts, context.knownReceiptIds, issues);
  if (context.receiptFiles) checkReceiptSources(report.locations, cited, context.receiptFiles, issues);
  checkRole(context.agent, parsed.sources, parsed.sourcesSpan, issues);
  return issues;
}

/**
 * Checks a grounded reply's evidence (SPEC §7) and returns every issue found, never only the
 * first: reasoning is stripped, a chain-of-thought opening and tool syntax are flagged, then the
 * one evidence line is parsed and its sources, quotes, references, scope, receipts and role rule
 * are checked against the workspace. Spans point into `reply` as given. Never throws.
 */
export async function validateEvidence(reply: string, context: EvidenceContext): Promise<EvidenceReport> {
  const report = emptyReport();
  try {
    const prepared = prepareReply(reply);
    const issues = await collectIssues(prepared.text, context, report);
    report.issues = issues.map((issue) => ({ ...issue, span: prepared.toOriginal(issue.span) }));
  } catch (error) {
    // Checks catch what they expect; this is a bug or a broken workspace, reported rather than thrown.
    const message = error instanceof Error ? error.message : String(error);
    report.issues.push({ code: 'evidence_invalid', message: `The evidence could not be checked (${message}).`, span: null });
  }
  report.ok = report.issues.length === 0;
  return report;
}
