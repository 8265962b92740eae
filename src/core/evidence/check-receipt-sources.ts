import type { EvidenceIssue, FileRef, QuoteLocation } from '../../protocol/index.js';
import type { ParsedReceipt } from './parse-evidence-line.js';

function covers(ref: FileRef, location: QuoteLocation): boolean {
  // A ref of `0-0` is a whole-file read of an empty file, or a run that read the file whole.
  const whole = ref.start_line === 0 && ref.end_line === 0;
  return ref.path === location.path && (whole || (ref.start_line <= location.startLine && location.endLine <= ref.end_line));
}

/**
 * A reply that cites receipts says "this is what my lookups showed": each verified quote must then
 * lie in lines that at least one cited receipt read (its `file_refs`), or the receipts are borrowed
 * from another lookup (`receipt_source_mismatch`). Replies citing no receipt are not affected.
 */
export function checkReceiptSources(
  locations: readonly QuoteLocation[],
  cited: readonly ParsedReceipt[],
  receiptFiles: ReadonlyMap<string, readonly FileRef[]>,
  issues: EvidenceIssue[],
): void {
  const known = cited.filter((receipt) => receiptFiles.has(receipt.id));
  if (known.length === 0) return;
  for (const location of locations) {
    if (known.some((receipt) => (receiptFiles.get(receipt.id) ?? []).some((ref) => covers(ref, location)))) continue;
    const read = [...new Set(known.flatMap((receipt) => (receiptFiles.get(receipt.id) ?? []).map((ref) => ref.path)))];
    const lines = location.startLine === location.endLine ? `line ${location.startLine}` : `lines ${location.startLine}-${location.endLine}`;
    const span = known[0]?.span ?? null;
    issues.push({
      code: 'receipt_source_mismatch',
      message: `The quote from ${location.path} (${lines}) was not read by the cited receipt${known.length === 1 ? '' : 's'} ${known.map((receipt) => receipt.id).join(', ')}${read.length > 0 ? ` (${read.slice(0, 4).join(', ')} ${read.length === 1 ? 'was' : 'were'} read)` : ' (they read no file)'}; cite the receipt of the lookup that read it.`,
      span,
    });
  }
}
