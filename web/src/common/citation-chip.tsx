import { useState } from 'react';
import { api } from '../api/index.js';
import { describeError } from '../api/index.js';
import { parseEvidence } from '../evidence/index.js';
import { resolveCitation } from '../evidence/index.js';
import { useNavigation } from '../navigation.js';

const fileName = (path: string): string => path.split('/').at(-1) ?? path;

/**
 * A reply's evidence line as a chip: the cited file (and lines) and the quote. Clicking it opens
 * the reader at the quoted lines, highlighted.
 */
export function CitationChip({ evidence }: { evidence: string }) {
  const navigation = useNavigation();
  const [problem, setProblem] = useState<string | null>(null);
  const cited = parseEvidence(evidence);
  if (!cited) return <p className="evidence-raw">{evidence}</p>;
  const first = cited.sources[0];
  const range = first?.lines ? ` L${first.lines.start}${first.lines.end !== first.lines.start ? `–${first.lines.end}` : ''}` : '';
  const quote = cited.quotes[0];

  const open = async (): Promise<void> => {
    setProblem(null);
    try {
      const target = await resolveCitation(cited, (path) => api.file(path).then((file) => file.content, () => null));
      if (!target) return setProblem('This evidence line names no file.');
      navigation.openFile(target.path, target.range);
    } catch (error) {
      setProblem(describeError(error));
    }
  };

  return (
    <div className="citation">
      <button
        type="button"
        className="citation-chip"
        data-testid="citation"
        title={cited.line}
        aria-label={`Open ${first?.path ?? 'the cited file'}${quote ? ` at “${quote}”` : ''}`}
        onClick={() => void open()}
      >
        <span className="citation-type">{cited.type || 'evidence'}</span>
        <span className="citation-source">
          {first ? fileName(first.path) : 'no source'}
          {range}
          {cited.sources.length > 1 ? ` +${cited.sources.length - 1}` : ''}
        </span>
        {quote ? <span className="citation-quote">“{quote.length > 90 ? `${quote.slice(0, 90)}…` : quote}”</span> : null}
        {!quote && cited.detail ? <span className="citation-quote">{cited.detail}</span> : null}
        {cited.receipts.length > 0 ? (
          <span className="citation-receipts" title={cited.receipts.join(', ')}>
            {cited.receipts.length} receipt{cited.receipts.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </button>
      {problem ? <p className="citation-problem" role="alert">{problem}</p> : null}
    </div>
  );
}
