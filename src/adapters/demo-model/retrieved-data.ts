import { RECEIPT_ID_IN_TEXT } from '../../protocol/index.js';
import { jsonObjectsIn, visitObjects } from './json-in-text.js';

/** A line of the manuscript a checker flagged, and the canon line it disagrees with. */
export interface DemoFinding {
  /** The receipt of the tool run that reported it. */
  receiptId: string | null;
  kind: string;
  severity: string;
  message: string;
  path: string;
  line: number;
  quote: string;
  canon: { path: string; line: number; quote: string } | null;
}

/** What the tool results in a prompt say: the receipts, the findings and which files were checked. */
export interface RetrievedData {
  receipts: string[];
  findings: DemoFinding[];
  /** Files the checkers went through, in order, with the receipt of the run. */
  checked: Array<{ path: string; receiptId: string | null }>;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function lineOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function canonOf(value: unknown): DemoFinding['canon'] {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const path = text(record['path']);
  const line = lineOf(record['line']);
  const quote = text(record['quote']);
  return path && line && quote ? { path, line, quote } : null;
}

/** A finding as the checkers report one: a path, a line, the quoted line and what is wrong. */
function findingOf(record: Record<string, unknown>, receiptId: string | null): DemoFinding | null {
  const path = text(record['path']);
  const line = lineOf(record['line']);
  const quote = text(record['quote']);
  const message = text(record['message']);
  if (!path || !line || !quote || !message) return null;
  return { receiptId, kind: text(record['kind']) ?? 'finding', severity: text(record['severity']) ?? 'warning', message, path, line, quote, canon: canonOf(record['canon']) };
}

/** Files a checker result says it went through (`files` of consistency_checker, `scene_path` of the others). */
function checkedFilesOf(record: Record<string, unknown>): string[] {
  const files = record['files'];
  if (Array.isArray(files) && files.every((file) => typeof file === 'string') && typeof record['summary'] === 'object') return files as string[];
  const scene = text(record['scene_path']);
  return scene && typeof record['summary'] === 'object' ? [scene] : [];
}

/**
 * Reads tool results out of prompt texts: raw tool messages (`{"receipt_id":…,"result":…}`), the
 * injected results of a conference's phase 2, and truncated excerpts of either. Only what the
 * results say is kept; nothing is inferred.
 */
export function readRetrievedData(texts: readonly string[]): RetrievedData {
  const data: RetrievedData = { receipts: [], findings: [], checked: [] };
  const seenFindings = new Set<string>();
  const addReceipt = (id: string): void => {
    if (!data.receipts.includes(id)) data.receipts.push(id);
  };
  for (const source of texts) {
    for (const match of source.matchAll(RECEIPT_ID_IN_TEXT)) addReceipt(match[0]);
    for (const object of jsonObjectsIn(source)) {
      const receiptId = object !== null && typeof object === 'object' ? text((object as Record<string, unknown>)['receipt_id']) : null;
      visitObjects(object, (record) => {
        const finding = findingOf(record, receiptId);
        const key = finding ? `${finding.path}:${finding.line}:${finding.kind}` : '';
        if (finding && !seenFindings.has(key)) {
          seenFindings.add(key);
          data.findings.push(finding);
        }
        for (const path of checkedFilesOf(record)) {
          if (!data.checked.some((entry) => entry.path === path)) data.checked.push({ path, receiptId });
        }
      });
    }
  }
  return data;
}
