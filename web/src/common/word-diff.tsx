import { diffWords } from 'diff';
import { useMemo, useState } from 'react';

/** Unchanged text longer than this is folded to its first and last lines. */
const FOLD_CHARS = 600;
const KEEP_LINES = 2;

function Unchanged({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const lines = text.split('\n');
  if (open || text.length <= FOLD_CHARS || lines.length <= KEEP_LINES * 2 + 1) return <span>{text}</span>;
  const hidden = lines.length - KEEP_LINES * 2;
  return (
    <span>
      {lines.slice(0, KEEP_LINES).join('\n')}
      {'\n'}
      <button type="button" className="diff-fold" onClick={() => setOpen(true)}>
        … {hidden} unchanged line{hidden === 1 ? '' : 's'} — show
      </button>
      {'\n'}
      {lines.slice(-KEEP_LINES).join('\n')}
    </span>
  );
}

/**
 * The words a change adds and removes, in place: removed words struck through, added words
 * underlined (and named for screen readers), long unchanged stretches folded.
 */
export function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  const added = parts.filter((part) => part.added).reduce((total, part) => total + (part.count ?? 0), 0);
  const removed = parts.filter((part) => part.removed).reduce((total, part) => total + (part.count ?? 0), 0);
  return (
    <figure className="word-diff" aria-label={label}>
      <figcaption className="hint">
        {added === 0 && removed === 0 ? 'No words change.' : `${added} word${added === 1 ? '' : 's'} added, ${removed} removed`}
      </figcaption>
      <pre className="diff-text" tabIndex={0}>
        {parts.map((part, index) =>
          part.added ? (
            <ins key={index} className="diff-added" data-testid="diff-added">
              {part.value}
            </ins>
          ) : part.removed ? (
            <del key={index} className="diff-removed" data-testid="diff-removed">
              {part.value}
            </del>
          ) : (
            <Unchanged key={index} text={part.value} />
          ),
        )}
      </pre>
    </figure>
  );
}
