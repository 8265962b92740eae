import { EVIDENCE_TYPES, RECEIPT_ID_PATTERN, type EvidenceIssue, type EvidenceSource, type EvidenceType, type TextSpan } from '../../protocol/index.js';
import type { EvidenceLineSpan } from './find-evidence-lines.js';
import { parseAbsenceDetail, type AbsenceDetail } from './parse-absence-detail.js';
import { parseStructuralDetail, type StructuralDetail } from './parse-structural-detail.js';
import { findQuoted, splitOutsideQuotes, trimPiece, type Piece } from './quoted-text.js';
import { parseSources, type ParsedSource } from './parse-sources.js';

/** A quote of a content detail, as written, with its place in the reply. */
export interface ParsedQuote {
  text: string;
  span: TextSpan;
}

/** A cited receipt id with its place in the reply. */
export interface ParsedReceipt {
  id: string;
  span: TextSpan;
}

/** An evidence line taken apart; every part carries its span in the reply. */
export interface ParsedEvidenceLine {
  span: TextSpan;
  type: EvidenceType | null;
  typeSpan: TextSpan;
  sources: ParsedSource[];
  sourcesSpan: TextSpan;
  detail: Piece;
  /** Quotes of a content detail. */
  quotes: ParsedQuote[];
  /** Line ranges, outline entries and titles of a structural detail. */
  structural: StructuralDetail | null;
  /** Scope and terms of an absence detail. */
  absence: AbsenceDetail | null;
  receipts: ParsedReceipt[];
  /** What made the line unparseable (`evidence_invalid`) or a cited id malformed (`receipt_unknown`). */
  issues: EvidenceIssue[];
}

/** The evidence grammar in one line, for messages that teach it. */
export const EVIDENCE_GRAMMAR = 'Evidence: <content|structural|absence> | <file path>[, <file path>…] | <detail> [| receipt <id>[, <id>…]]';
const RECEIPT_PART = /^\s*(?:`|\*\*)?receipts?(?:[ _-]?ids?)?(?:`|\*\*)?\s*[:=]?\s*/i;
const NO_RECEIPT = /^(?:none|n\/a|-|—)$/i;

function parseType(piece: Piece): EvidenceType | null {
  const word = piece.text.replace(/[*_`<>[\]]/g, '').trim().toLowerCase().replace(/\s+claim$/, '');
  return (EVIDENCE_TYPES as readonly string[]).includes(word) ? (word as EvidenceType) : null;
}

function parseReceipts(piece: Piece, issues: EvidenceIssue[]): ParsedReceipt[] {
  const prefix = RECEIPT_PART.exec(piece.text)?.[0] ?? '';
  const receipts: ParsedReceipt[] = [];
  const body = piece.text.slice(prefix.length);
  for (const match of body.matchAll(/[^\s,;]+/g)) {
    const token = match[0].replace(/^[`'"([]+|[`'")\].]+$/g, '');
    if (token === '' || NO_RECEIPT.test(token) || /^(?:and|&)$/i.test(token)) continue;
    const start = piece.start + prefix.length + match.index + match[0].indexOf(token);
    const span = { start, end: start + token.length };
    if (!RECEIPT_ID_PATTERN.test(token)) {
      issues.push({ code: 'receipt_unknown', message: `"${token}" is not a receipt id (they look like rcpt_0190…); cite the ids listed with the lookups.`, span });
      continue;
    }
    receipts.push({ id: token, span });
  }
  return receipts;
}

/** The line's parts: type, sources, detail (the `|` inside quotes do not split) and receipts. */
function splitParts(text: string, offset: number): { parts: Piece[]; receipt: Piece | null } {
  const parts = splitOutsideQuotes(text, '|', offset).map(trimPiece);
  while (parts.length > 0 && parts[parts.length - 1]?.text === '') parts.pop();
  const last = parts[parts.length - 1];
  const receipt = parts.length >= 4 && last && (RECEIPT_PART.test(last.text) || /^rcpt_/i.test(last.text)) ? last : null;
  const body = receipt ? parts.slice(0, -1) : parts;
  if (body.length > 3) {
    // A `|` outside quotes in the detail: keep everything after the sources as the detail.
    const first = body[2] as Piece;
    const final = body[body.length - 1] as Piece;
    body.splice(2, body.length - 2, { text: text.slice(first.start - offset, final.end - offset), start: first.start, end: final.end });
  }
  return { parts: body, receipt };
}

/** Takes one evidence line apart. Never throws; what is wrong is in `issues`. */
export function parseEvidenceLine(reply: string, line: EvidenceLineSpan): ParsedEvidenceLine {
  const issues: EvidenceIssue[] = [];
  const body = reply.slice(line.bodyStart, line.span.end);
  const { parts, receipt } = splitParts(body, line.bodyStart);
  const empty = (at: number): Piece => ({ text: '', start: at, end: at });
  const typePiece = parts[0] ?? empty(line.bodyStart);
  const sourcesPiece = parts[1] ?? empty(line.span.end);
  const detail = parts[2] ?? empty(line.span.end);
  const parsed: ParsedEvidenceLine = {
    span: line.span,
    type: parseType(typePiece),
    typeSpan: { start: typePiece.start, end: typePiece.end },
    sources: [],
    sourcesSpan: { start: sourcesPiece.start, end: sourcesPiece.end },
    detail,
    quotes: [],
    structural: null,
    absence: null,
    receipts: receipt ? parseReceipts(receipt, issues) : [],
    issues,
  };
  if (parts.length < 3 || sourcesPiece.text === '' || detail.text === '') {
    const missing = [typePiece.text === '' ? 'type' : '', sourcesPiece.text === '' ? 'sources' : '', detail.text === '' ? 'detail' : ''].filter(Boolean);
    issues.push({ code: 'evidence_invalid', message: `The evidence line is missing its ${missing.join(' and ') || 'parts'}. Write it as: ${EVIDENCE_GRAMMAR}`, span: line.span });
  }
  if (parsed.type === null && typePiece.text !== '') {
    issues.push({ code: 'evidence_invalid', message: `"${typePiece.text}" is not an evidence type; use content, structural or absence.`, span: parsed.typeSpan });
  }
  if (sourcesPiece.text !== '') parsed.sources = parseSources(sourcesPiece, issues);
  if (detail.text === '') return parsed;
  if (parsed.type === 'content') {
    const quotes = findQuoted(detail.text, detail.start);
    if (quotes.length === 0) {
      issues.push({ code: 'evidence_invalid', message: 'A content claim needs at least one quote from the cited file, in "double quotes".', span: { start: detail.start, end: detail.end } });
    }
    for (const quote of quotes) {
      if (!quote.closed) {
        issues.push({ code: 'evidence_invalid', message: `The quote starting "${quote.text.slice(0, 40)}" is not closed; end it with the matching quotation mark.`, span: { start: quote.start, end: quote.end } });
      } else {
        parsed.quotes.push({ text: quote.text, span: { start: quote.start, end: quote.end } });
      }
    }
  } else if (parsed.type === 'structural') {
    parsed.structural = parseStructuralDetail(detail.text, detail.start);
  } else if (parsed.type === 'absence') {
    parsed.absence = parseAbsenceDetail(detail.text, detail.start);
  }
  return parsed;
}

/** The sources as the report lists them (path plus optional lines or section). */
export function reportedSources(sources: readonly ParsedSource[]): EvidenceSource[] {
  return sources.map((source) => ({
    path: source.path,
    ...(source.lines ? { lines: { ...source.lines } } : {}),
    ...(source.section !== undefined ? { section: source.section } : {}),
  }));
}

