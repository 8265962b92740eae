import { z } from 'zod';

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
  /** An absence claim whose term occurs in its own scope. */
  'absence_contradicted',
  /** A quote that is in the file but says the opposite there (a negation before it or elided from it). */
  'quote_out_of_context',
  /** A content quote whose file none of the cited receipts read. */
  'receipt_source_mismatch',
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

/** Where an absence claim's term was found after all (the claim is then contradicted). */
export interface AbsenceHit {
  term: string;
  path: string;
  line: number;
}

/** The parsed evidence line plus the outcome of checking it: one report from the validator to the screen. */
export interface EvidenceReport {
  ok: boolean;
  /** The evidence line as written (without reasoning), or null when the reply has none. */
  line: string | null;
  type: EvidenceType | null;
  sources: EvidenceSource[];
  quotes: string[];
  receipts: string[];
  /** Verified quotes with their places in the files. */
  locations: QuoteLocation[];
  /** For an absence claim: the files its scope covered (searched for its terms). */
  searched: string[];
  /** For an absence claim: where its terms occur in that scope (empty when the claim holds). */
  absenceHits: AbsenceHit[];
  issues: EvidenceIssue[];
}

/** Telemetry buckets of SPEC §7. */
export const TELEMETRY_BUCKETS = [
  'evidence_invalid',
  'quote_not_found',
  'tool_syntax',
  'cot_leak',
  'format_error',
  // Forgeries the truth checks caught (SPEC §15), each counted on its own.
  'absence_contradicted',
  'quote_out_of_context',
  'receipt_source_mismatch',
] as const;
export type TelemetryBucket = (typeof TELEMETRY_BUCKETS)[number];

const SpanSchema = z.object({ start: z.number().int(), end: z.number().int() });

/** The evidence report as results carry it over HTTP (the OpenAPI document describes it with this). */
export const EvidenceReportSchema = z
  .object({
    ok: z.boolean().describe('true when every check passed: the reply may be shown as verified'),
    line: z.string().nullable().describe('the evidence line as written'),
    type: z.enum(EVIDENCE_TYPES).nullable(),
    sources: z.array(
      z.object({
        path: z.string(),
        lines: z.object({ start: z.number().int(), end: z.number().int() }).optional(),
        section: z.string().optional(),
      }),
    ),
    quotes: z.array(z.string()),
    receipts: z.array(z.string()),
    locations: z
      .array(
        z.object({
          quote: z.string(),
          path: z.string(),
          startLine: z.number().int(),
          endLine: z.number().int(),
          start: z.number().int(),
          end: z.number().int(),
        }),
      )
      .describe('each verified quote with the file, lines and character offsets where it was found'),
    searched: z.array(z.string()).describe('for an absence claim: the files searched'),
    absenceHits: z
      .array(z.object({ term: z.string(), path: z.string(), line: z.number().int() }))
      .describe('for an absence claim: where its term occurs after all'),
    issues: z.array(z.object({ code: z.enum(EVIDENCE_ISSUE_CODES), message: z.string(), span: SpanSchema.nullable() })),
  })
  .describe('EvidenceReport: the one evidence report, from the validator to the screen');
