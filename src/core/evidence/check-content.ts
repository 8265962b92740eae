import type { EvidenceIssue, QuoteLocation } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import type { ResolvedSource } from './check-sources.js';
import { locateInFile } from './indexed-file.js';
import type { ParsedQuote } from './parse-evidence-line.js';
import { placeQuote, type QuotePlacement } from './quote-context.js';
import type { QuoteIndex } from './quote-index.js';
import { quoteFragments } from './quote-fragments.js';

function shown(quote: string): string {
  return quote.length > 80 ? `“${quote.slice(0, 77)}…”` : `“${quote}”`;
}

function where(resolved: ResolvedSource): string {
  return resolved.range ? `${resolved.source.path} lines ${resolved.range.start}-${resolved.range.end}` : resolved.source.path;
}

function lines(location: { startLine: number; endLine: number }): string {
  return location.startLine === location.endLine ? `line ${location.startLine}` : `lines ${location.startLine}-${location.endLine}`;
}

/** Where else the quote is, to tell the model how to fix its citation: the same file outside the range, or another file. */
async function hint(fragments: string[], files: readonly ResolvedSource[], workspace: Workspace, index: QuoteIndex): Promise<string> {
  for (const resolved of files) {
    if (!resolved.range || !resolved.file) continue;
    const elsewhere = locateInFile(resolved.file, fragments);
    if (elsewhere) return ` It is at ${lines(elsewhere)} of ${resolved.file.path}; fix the line range.`;
  }
  try {
    const found = (await index.manuscript(workspace)).find(fragments, 2);
    if (found.length > 0) return ` It is in ${found.map((hit) => `${hit.path} (${lines(hit.match)})`).join(' and ')}; cite that file.`;
  } catch {
    // The hint is a courtesy: a manuscript that cannot be listed still gets the verdict.
  }
  return ' No file of the manuscript has these exact words; quote the text word for word.';
}

function outOfContext(fragments: readonly string[], files: readonly ResolvedSource[]): { at: string; reason: string } | null {
  for (const resolved of files) {
    if (!resolved.file) continue;
    const placement = placeQuote(resolved.file, fragments, resolved.range);
    if (placement.kind === 'out_of_context') return { at: `${resolved.file.path} ${lines(placement.match)}`, reason: placement.reason };
  }
  return null;
}

function findVerbatim(quote: string, folded: string, files: readonly ResolvedSource[]): QuoteLocation | null {
  for (const resolved of files) {
    if (!resolved.file) continue;
    const placement = placeQuote(resolved.file, [folded], resolved.range);
    if (placement.kind === 'found') return { quote, path: resolved.file.path, ...placement.match };
  }
  return null;
}

/**
 * Checks a content claim's quotes (the parser already asked for at least one): each must be long
 * enough and found (in order, for quotes with ellipses) in one of the cited files — inside its
 * `#L` range or `#section` when one is given. Returns where each verified quote is.
 */
export async function checkContent(
  quotes: readonly ParsedQuote[],
  sources: readonly ResolvedSource[],
  workspace: Workspace,
  index: QuoteIndex,
  issues: EvidenceIssue[],
): Promise<QuoteLocation[]> {
  const files = sources.filter((resolved) => resolved.file !== null);
  const locations: QuoteLocation[] = [];
  for (const quote of quotes) {
    const split = quoteFragments(quote.text);
    // A quote whose ellipsis is the file's own ("In the... the glass.") is verbatim: found whole, it passes.
    const verbatim = split.verbatim !== undefined ? findVerbatim(quote.text, split.verbatim, files) : null;
    if (verbatim) {
      locations.push(verbatim);
      continue;
    }
    if (!split.ok) {
      // Slight fragments that stand for a negated sentence ("do … let Mara sell it") are a misquote first.
      const turned = split.fragments.length > 1 ? outOfContext(split.fragments, files) : null;
      if (turned) {
        issues.push({ code: 'quote_out_of_context', message: `The quote ${shown(quote.text)} at ${turned.at} does not say that: ${turned.reason}. Quote the whole clause, negation included.`, span: quote.span });
      } else {
        issues.push({ code: 'evidence_invalid', message: `${split.reason[0]?.toUpperCase()}${split.reason.slice(1)}.`, span: quote.span });
      }
      continue;
    }
    // Nothing to look in: the sources' own issues already say why.
    if (files.length === 0) continue;
    let found: QuoteLocation | null = null;
    let misplaced: { path: string; placement: QuotePlacement } | null = null;
    for (const resolved of files) {
      const file = resolved.file;
      if (!file) continue;
      const placement = placeQuote(file, split.fragments, resolved.range);
      if (placement.kind === 'found') {
        found = { quote: quote.text, path: file.path, ...placement.match };
        break;
      }
      if (placement.kind !== 'missing' && (misplaced === null || placement.kind === 'out_of_context')) misplaced = { path: file.path, placement };
    }
    if (found) {
      locations.push(found);
      continue;
    }
    if (misplaced?.placement.kind === 'out_of_context') {
      const at = `${misplaced.path} ${lines(misplaced.placement.match)}`;
      const message = `The quote ${shown(quote.text)} at ${at} does not say that: ${misplaced.placement.reason}. Quote the whole clause, negation included.`;
      issues.push({ code: 'quote_out_of_context', message, span: quote.span });
      continue;
    }
    if (misplaced?.placement.kind === 'scattered') {
      const at = `${misplaced.path} ${lines(misplaced.placement.match)}`;
      const message = `The parts of the quote ${shown(quote.text)} are spread over ${at}, not one passage; quote one passage (its parts within one paragraph).`;
      issues.push({ code: 'quote_not_found', message, span: quote.span });
      continue;
    }
    const lookedIn = files.map(where).join(', ');
    const message = `The quote ${shown(quote.text)} is not in ${lookedIn}.${await hint(split.fragments, files, workspace, index)}`;
    issues.push({ code: 'quote_not_found', message, span: quote.span });
  }
  return locations;
}
