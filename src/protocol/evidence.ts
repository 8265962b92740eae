/**
 * The evidence line (SPEC §7): every grounded reply carries exactly one, and it is checked against
 * the files and the session's receipts before the reply is accepted.
 *
 *   Evidence: <type> | <source>[, <source>…] | <detail> [| receipt <rcpt_id>[, <rcpt_id>…]]
 */

export const EVIDENCE_TYPES = ['content', 'structural', 'absence'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** Exactly these codes; validation returns every issue found, never only the first. */
export const EVIDENCE_ISSUE_CODES = [
  'evidence_missing',
  'evidence_multiple',
  'evidence_invalid',
  'quote_not_found',
  'source_not_found',
  'structural_ref_missing',
  'absence_scope_missing',
  'receipt_unknown',
  'source_role_mismatch',
  'cot_leak',
  'tool_syntax',
] as const;
export type EvidenceIssueCode = (typeof EVIDENCE_ISSUE_CODES)[number];

/** Where in the reply an issue is: UTF-16 offsets into the reply text, end exclusive. */
export interface TextSpan {
  start: number;
  end: number;
}

export interface EvidenceIssue {
  code: EvidenceIssueCode;
  message: string;
  span: TextSpan | null;
}

/** One cited source: a VFS path with an optional line range or section title. */
export interface EvidenceSource {
  path: string;
  lines?: { start: number; end: number };
  section?: string;
}

/** Where a verified quote was found, so the UI can open the file with those lines highlighted. */
export interface QuoteLocation {
  /** The quote as the reply wrote it. */
  quote: string;
  path: string;
  /** First and last line (1-based) of the matched text in the file. */
  startLine: number;
  endLine: number;
  /**
   * Offsets of the matched text in the file's text as the VFS returns it (`Workspace.read`: lines
   * joined with `\n`), UTF-16, end exclusive; the exact original characters, curly quotes and line
   * breaks included, even though matching was done on folded text.
   */
  start: number;
  end: number;
}

/** The parsed evidence line plus the outcome of checking it. */
export interface EvidenceReport {
  ok: boolean;
  type: EvidenceType | null;
  sources: EvidenceSource[];
  quotes: string[];
  receipts: string[];
  /** Verified quotes with their places in the files. */
  locations: QuoteLocation[];
  issues: EvidenceIssue[];
}

/** Telemetry buckets of SPEC §7. */
export const TELEMETRY_BUCKETS = ['evidence_invalid', 'quote_not_found', 'tool_syntax', 'cot_leak', 'format_error'] as const;
export type TelemetryBucket = (typeof TELEMETRY_BUCKETS)[number];
