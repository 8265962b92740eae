import type { EvidenceReport } from '../api/index.js';
import { citationTarget } from '../evidence/index.js';
import { useNavigation } from '../navigation.js';

const fileName = (path: string): string => path.split('/').at(-1) ?? path;

function lines(range: { start: number; end: number } | null): string {
  if (!range) return '';
  return ` L${range.start}${range.end !== range.start ? `–${range.end}` : ''}`;
}

/**
 * A verified reply's evidence as a chip, drawn from the validator's report: the file and lines
 * where the quote was found, the quote, and the receipts. Clicking it opens the reader at exactly
 * those lines, highlighted. An absence claim shows how many files were searched.
 */
export function CitationChip({ report }: { report: EvidenceReport }) {
  const navigation = useNavigation();
  const target = citationTarget(report);
  const quote = report.locations[0]?.quote ?? report.quotes[0];
  const extraSources = Math.max(0, new Set(report.sources.map((source) => source.path)).size - 1);
  const searched = report.type === 'absence' && report.searched.length > 0 ? `searched ${report.searched.length} file${report.searched.length === 1 ? '' : 's'}` : null;
  return (
    <div className="citation">
      <button
        type="button"
        className="citation-chip"
        data-testid="citation"
        // The visible text names the file, lines and quote; the full evidence line is the tooltip.
        title={report.line ?? undefined}
        disabled={!target}
        onClick={() => target && navigation.openFile(target.path, target.range)}
      >
        <span className="citation-type">{report.type ?? 'evidence'}</span>
        <span className="citation-source">
          {target ? fileName(target.path) : 'no source'}
          {lines(target?.range ?? null)}
          {extraSources > 0 ? ` +${extraSources}` : ''}
        </span>
        {quote ? <span className="citation-quote">“{quote.length > 90 ? `${quote.slice(0, 90)}…` : quote}”</span> : null}
        {searched ? <span className="citation-quote">{searched}</span> : null}
        {report.receipts.length > 0 ? (
          <span className="citation-receipts" title={report.receipts.join(', ')}>
            {report.receipts.length} receipt{report.receipts.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </button>
    </div>
  );
}
