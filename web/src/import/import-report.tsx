import type { ImportKind, ImportReport, ImportedItem } from '../../../src/protocol/imports.js';

const NOTE_CLASSES: Array<{ kind: Exclude<ImportKind, 'chapter'>; label: string }> = [
  { kind: 'outline', label: 'Outline' },
  { kind: 'character', label: 'Characters' },
  { kind: 'place', label: 'Places' },
  { kind: 'lore', label: 'Lore and notes' },
];

/** A chapter's title as its file name gives it: `Story/Chapters/01 The Ferry.md` → `01 The Ferry`. */
function titleOf(item: ImportedItem): string {
  return (item.path.split('/').pop() ?? item.path).replace(/\.md$/i, '');
}

function ItemLine({ item, label }: { item: ImportedItem; label: string }) {
  return (
    <li data-kind={item.kind} data-action={item.action}>
      <strong>{label}</strong> <span className="hint">({item.action})</span>
      <div className="hint">
        from {item.origin} — {item.reason}
      </div>
    </li>
  );
}

/** What an import did: the chapters in order with their titles, the notes by class, and what was skipped and why. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const chapters = report.items.filter((item) => item.kind === 'chapter');
  return (
    <section className="import-report" aria-label="Import report" data-testid="import-report">
      <h3>What went where</h3>
      <p className="hint">
        From {report.source} ({report.format}): {chapters.length} chapter{chapters.length === 1 ? '' : 's'},{' '}
        {report.items.length - chapters.length} note{report.items.length - chapters.length === 1 ? '' : 's'}, {report.skipped.length} skipped.
      </p>
      <h4>Chapters</h4>
      {chapters.length === 0 ? <p className="hint">No chapters.</p> : null}
      <ol aria-label="Chapters in order" data-testid="import-chapters">
        {chapters.map((item) => (
          <ItemLine key={`${item.origin}|${item.path}`} item={item} label={titleOf(item)} />
        ))}
      </ol>
      {NOTE_CLASSES.map(({ kind, label }) => {
        const notes = report.items.filter((item) => item.kind === kind);
        if (notes.length === 0) return null;
        return (
          <section key={kind} aria-label={label}>
            <h4>
              {label} ({notes.length})
            </h4>
            <ul data-testid={`import-${kind}`}>
              {notes.map((item) => (
                <ItemLine key={`${item.origin}|${item.path}`} item={item} label={item.path} />
              ))}
            </ul>
          </section>
        );
      })}
      <h4>Skipped ({report.skipped.length})</h4>
      {report.skipped.length === 0 ? <p className="hint">Nothing was skipped.</p> : null}
      <ul data-testid="import-skipped">
        {report.skipped.map((item) => (
          <li key={item.origin}>
            <strong>{item.origin}</strong>: {item.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
