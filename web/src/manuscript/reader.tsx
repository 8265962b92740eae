import { useEffect, useMemo, useRef } from 'react';
import { api } from '../api/index.js';
import { LoadError } from '../common/index.js';
import type { ReaderTarget } from '../navigation.js';
import { useAsync } from '../use-async.js';

interface Line {
  number: number;
  text: string;
  kind: 'front-matter' | 'heading' | 'bullet' | 'text';
}

/** Marks front matter, headings and bullets, so the raw file reads comfortably. */
function classify(content: string): Line[] {
  const lines = content.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let inFrontMatter = lines[0] === '---';
  return lines.map((text, index) => {
    const number = index + 1;
    if (inFrontMatter) {
      if (index > 0 && text === '---') inFrontMatter = false;
      return { number, text, kind: 'front-matter' };
    }
    if (/^#{1,6}\s/.test(text)) return { number, text, kind: 'heading' };
    if (/^\s*[-*]\s/.test(text)) return { number, text, kind: 'bullet' };
    return { number, text, kind: 'text' };
  });
}

function LineRow({ line }: { line: Line }) {
  return (
    <div className={`line line-${line.kind}`} data-line={line.number}>
      <span className="line-number" aria-hidden="true">
        {line.number}
      </span>
      <span className="line-text">{line.text === '' ? '\u00a0' : line.text}</span>
    </div>
  );
}

/** A scene, the outline or Canon.md with line numbers; the cited lines are highlighted and scrolled into view. */
export function Reader({ target, onClearHighlight }: { target: ReaderTarget | null; onClearHighlight: () => void }) {
  const path = target?.path ?? null;
  // Remember which path each answer belongs to, so a slow answer never shows under another name.
  const file = useAsync(() => (path ? api.file(path).then((content) => ({ requested: path, content })) : Promise.resolve(null)), [path]);
  const highlightRef = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => (file.data ? classify(file.data.content.content) : []), [file.data]);
  const range = target?.range ?? null;
  const loadedPath = file.data?.requested ?? null;

  useEffect(() => {
    if (range && loadedPath === path) highlightRef.current?.scrollIntoView({ block: 'center' });
  }, [range, loadedPath, path, target?.serial]);

  if (!target) {
    return (
      <div className="reader-empty">
        <p>Choose a scene, the outline or Canon.md to read it here.</p>
        <p className="hint">When an agent cites the manuscript, its quoted lines open here, highlighted.</p>
      </div>
    );
  }
  const before = range ? lines.filter((line) => line.number < range.start) : lines;
  const inside = range ? lines.filter((line) => line.number >= range.start && line.number <= range.end) : [];
  const after = range ? lines.filter((line) => line.number > range.end) : [];

  return (
    <article className="reader" aria-label={`Reading ${target.path}`} data-testid="reader" data-path={target.path}>
      <header className="reader-header">
        <h2 className="reader-title">{target.path}</h2>
        <div className="reader-meta">
          {file.data ? <span>{file.data.content.lines} lines</span> : null}
          {range ? (
            <span className="reader-range">
              Showing cited lines {range.start}
              {range.end !== range.start ? `–${range.end}` : ''}
              <button type="button" className="link-button" onClick={onClearHighlight}>
                Clear highlight
              </button>
            </span>
          ) : null}
        </div>
      </header>
      <LoadError error={file.error} />
      {file.loading && !file.data ? <p className="hint">Opening…</p> : null}
      {file.data && loadedPath === path ? (
        <div className="reader-text">
          {before.map((line) => (
            <LineRow key={line.number} line={line} />
          ))}
          {inside.length > 0 ? (
            <div className="highlight" data-testid="highlight" data-start={range?.start} data-end={range?.end} ref={highlightRef}>
              {inside.map((line) => (
                <LineRow key={line.number} line={line} />
              ))}
            </div>
          ) : null}
          {after.map((line) => (
            <LineRow key={line.number} line={line} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
