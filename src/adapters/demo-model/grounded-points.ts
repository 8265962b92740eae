import type { Workspace } from '../../core/ports/index.js';
import type { DemoFinding, RetrievedData } from './retrieved-data.js';
import { verifiedQuote, type VerifiedQuote } from './verified-quote.js';

/** A finding whose scene line (and canon line, when it has one) was read back and found. */
export interface GroundedPoint {
  finding: DemoFinding;
  scene: VerifiedQuote;
  canon: VerifiedQuote | null;
}

const SEVERITY_RANK: Readonly<Record<string, number>> = { error: 0, warning: 1, note: 2 };

/** The findings the demo can stand behind, most severe first, each with quotes checked against the files. */
export async function groundedPoints(data: RetrievedData, workspace: Workspace, options: { limit?: number; only?: (finding: DemoFinding) => boolean } = {}): Promise<GroundedPoint[]> {
  const limit = options.limit ?? 3;
  const ordered = data.findings.filter(options.only ?? (() => true)).sort((a, b) => (SEVERITY_RANK[a.severity] ?? 3) - (SEVERITY_RANK[b.severity] ?? 3));
  const points: GroundedPoint[] = [];
  for (const finding of ordered) {
    if (points.length >= limit) break;
    const scene = await verifiedQuote(workspace, finding.path, finding.line, finding.quote);
    if (!scene) continue;
    const canon = finding.canon ? await verifiedQuote(workspace, finding.canon.path, finding.canon.line, finding.canon.quote) : null;
    points.push({ finding, scene, canon });
  }
  return points;
}

/** How a file is named to the writer: `scene 7, “Statements”` for scenes, the path otherwise. */
export async function describeFile(workspace: Workspace, path: string): Promise<string> {
  const number = /SCN-0*(\d+)/i.exec(path.split('/').pop() ?? '')?.[1];
  if (!number) return path;
  const title = await workspace
    .read(path)
    .then((file) => /^title:\s*(.+?)\s*$/m.exec(file.content)?.[1]?.replace(/^["']|["']$/g, '') ?? null)
    .catch(() => null);
  return title ? `scene ${number}, “${title}”` : `scene ${number}`;
}

/** The receipts behind some points (or every receipt when none is known), for the evidence line. */
export function receiptsOf(points: readonly GroundedPoint[], data: RetrievedData): string[] {
  const ids = [...new Set(points.map((point) => point.finding.receiptId).filter((id): id is string => id !== null))];
  return ids.length > 0 ? ids : data.receipts;
}

/** One evidence line citing quotes (SPEC §7): each quote's file with its line. */
export function contentEvidence(quotes: readonly VerifiedQuote[], receipts: readonly string[]): string {
  const sources = [...new Set(quotes.map((quote) => `${quote.path}#L${quote.line}`))].join(', ');
  const details = quotes.map((quote) => `"${quote.text}"`).join(', ');
  return `Evidence: content | ${sources} | ${details}${receipts.length > 0 ? ` | receipt ${receipts.join(', ')}` : ''}`;
}

/** One evidence line saying what was checked and found clean. */
export function absenceEvidence(checked: readonly string[], receipts: readonly string[]): string {
  const scope = checked.join(', ');
  return `Evidence: absence | ${scope} | checked ${scope} for "contradictions" with the Compendium and the canon${receipts.length > 0 ? ` | receipt ${receipts.join(', ')}` : ''}`;
}
