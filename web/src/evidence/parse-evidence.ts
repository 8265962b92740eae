/**
 * Reads an evidence line (SPEC §7) well enough to cite it: its type, sources (with line ranges or
 * sections), quotes and receipt ids. The server validates the line; the UI only needs to point at
 * what it cites.
 */

export interface CitedSource {
  path: string;
  lines?: { start: number; end: number };
  section?: string;
}

export interface CitedEvidence {
  /** The whole line as written. */
  line: string;
  type: string;
  sources: CitedSource[];
  quotes: string[];
  /** The detail field as written (quotes, a line range or an absence scope). */
  detail: string;
  receipts: string[];
}

const PREFIX = /^\s*(?:\*\*Evidence:\*\*|__Evidence:__|Evidence:)\s*/i;
const EVIDENCE_LINE = /^\s*(?:\*\*Evidence:\*\*|__Evidence:__|Evidence:).*$/gim;

/** Splits a reply into the text the writer reads and its evidence line (if any). */
export function splitEvidence(content: string, evidence?: string | null): { body: string; evidence: string | null } {
  const found = content.match(EVIDENCE_LINE);
  const line = evidence ?? found?.at(-1)?.trim() ?? null;
  const body = content.replace(EVIDENCE_LINE, '').replace(/\n{3,}/g, '\n\n').trim();
  return { body, evidence: line };
}

/** Splits on `|` outside quotes. */
function fields(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of text) {
    if (quote) {
      if ((quote === '"' && char === '"') || (quote === '“' && char === '”')) quote = null;
    } else if (char === '"' || char === '“') quote = char;
    else if (char === '|') {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current.trim());
  return parts;
}

function source(text: string): CitedSource {
  const hash = text.indexOf('#');
  if (hash === -1) return { path: text.trim() };
  const path = text.slice(0, hash).trim();
  const anchor = text.slice(hash + 1).trim();
  const range = /^L(\d+)(?:\s*[-–]\s*L?(\d+))?$/i.exec(anchor);
  if (range) {
    const start = Number(range[1]);
    return { path, lines: { start, end: range[2] ? Number(range[2]) : start } };
  }
  return { path, section: anchor };
}

/** Parses one evidence line; null when the text is not one. */
export function parseEvidence(line: string | null | undefined): CitedEvidence | null {
  if (!line || !PREFIX.test(line)) return null;
  const parts = fields(line.replace(PREFIX, ''));
  const [type = '', sourceText = '', detail = '', ...rest] = parts;
  const receiptText = rest.find((part) => /^receipts?\b/i.test(part)) ?? '';
  return {
    line: line.trim(),
    type: type.toLowerCase(),
    sources: sourceText
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(source),
    quotes: [...detail.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((match) => match[1] ?? match[2] ?? '').filter(Boolean),
    detail,
    receipts: receiptText.match(/rcpt_[A-Za-z0-9_-]{10,}/g) ?? [],
  };
}
