import { useEffect, useId, useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { MemoryItem } from '../api/index.js';
import { FileRefText, LoadError, Notice, Pill } from '../common/index.js';
import { useAsync } from '../use-async.js';

/** The bucket notes go to when none exists yet: the writer's own. */
const WRITER_BUCKET = 'bucket:writer';

function MemoryNote({ item, busy, onPin }: { item: MemoryItem; busy: boolean; onPin: (item: MemoryItem) => void }) {
  return (
    <li className={`memory-note${item.pinned ? ' memory-pinned' : ''}`} data-testid={`memory-${item.item_id}`} data-pinned={item.pinned}>
      <div className="memory-text">
        <FileRefText text={item.content} />
      </div>
      <div className="memory-facts">
        {item.pinned ? <Pill tone="info">Pinned</Pill> : null}
        <span className="hint">{item.metadata.source}</span>
        {item.metadata.refs.paths.map((path) => (
          <span key={path} className="hint">
            <FileRefText text={path} />
          </span>
        ))}
        <button type="button" className="small-button" disabled={busy} onClick={() => onPin(item)} aria-label={`${item.pinned ? 'Unpin' : 'Pin'} the note “${item.content.slice(0, 40)}”`}>
          {item.pinned ? 'Unpin' : 'Pin'}
        </button>
      </div>
    </li>
  );
}

/**
 * What the room remembers, bucket by bucket: the register line, pinned notes first, search across
 * every bucket, and pin or unpin a note. Pinned notes always lead what agents are given.
 */
export function MemoryPanel() {
  const [serial, setSerial] = useState(0);
  const buckets = useAsync(() => api.memoryBuckets(), [serial]);
  const [bucket, setBucket] = useState<string | null>(null);
  const current = bucket ?? buckets.data?.[0]?.bucket_id ?? WRITER_BUCKET;
  const contents = useAsync(() => api.memoryPackage(current), [current, serial]);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Array<{ item: MemoryItem; matched_terms: string[] }> | null>(null);
  const [note, setNote] = useState('');
  const [pinNew, setPinNew] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { bucket: useId(), search: useId(), note: useId() };
  const reload = (): void => setSerial((value) => value + 1);

  useEffect(() => setHits(null), [current]);

  const act = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      reload();
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  const pin = (item: MemoryItem): Promise<void> =>
    act(async () => {
      const { item: changed } = await api.pinMemory(item.item_id, !item.pinned);
      setHits((found) => found?.map((hit) => (hit.item.item_id === changed.item_id ? { ...hit, item: { ...hit.item, pinned: changed.pinned } } : hit)) ?? null);
    });

  const items = contents.data?.items ?? [];
  return (
    <div className="memory">
      <div className="panel-toolbar">
        <label htmlFor={ids.bucket}>Bucket</label>
        <select id={ids.bucket} value={current} onChange={(event) => setBucket(event.target.value)}>
          {!(buckets.data ?? []).some((item) => item.bucket_id === current) ? <option value={current}>{current}</option> : null}
          {(buckets.data ?? []).map((item) => (
            <option key={item.bucket_id} value={item.bucket_id}>
              {item.bucket_id} ({item.item_count} note{item.item_count === 1 ? '' : 's'}, {item.pinned_count} pinned)
            </option>
          ))}
        </select>
        <button type="button" className="link-button" onClick={reload}>
          Refresh
        </button>
      </div>
      <LoadError error={buckets.error ?? contents.error} />
      {problem ? <Notice tone="bad" title="Not saved">{problem}</Notice> : null}
      <p className="register-line" data-testid="register-line">
        <span className="hint">Register: </span>
        {contents.data?.register_summary || <span className="hint">nothing yet</span>}
      </p>
      <form
        className="inline-form"
        role="search"
        aria-label="Search memory"
        onSubmit={(event) => {
          event.preventDefault();
          if (query.trim() === '') return setHits(null);
          void api.searchMemory(query.trim()).then(setHits, (error: unknown) => setProblem(describeError(error)));
        }}
      >
        <label htmlFor={ids.search}>Search every bucket</label>
        <input id={ids.search} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" className="small-button">
          Search
        </button>
      </form>
      {hits ? (
        <section aria-label="Search results">
          <h3>
            {hits.length} match{hits.length === 1 ? '' : 'es'} for “{query}”
          </h3>
          <ul className="memory-list">
            {hits.map((hit) => (
              <MemoryNote key={hit.item.item_id} item={hit.item} busy={busy} onPin={(item) => void pin(item)} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-label="Notes in this bucket">
        <h3>Notes in {current}</h3>
        {contents.data && items.length === 0 ? <p className="hint">No notes in this bucket yet.</p> : null}
        <ul className="memory-list">
          {items.map((item) => (
            <MemoryNote key={item.item_id} item={item} busy={busy} onPin={(changed) => void pin(changed)} />
          ))}
        </ul>
      </section>
      <form
        className="memory-add"
        aria-label="Remember a note"
        onSubmit={(event) => {
          event.preventDefault();
          const content = note.trim();
          if (!content) return;
          void act(async () => {
            await api.remember(current, content, pinNew);
            setNote('');
            setBucket(current);
          });
        }}
      >
        <label htmlFor={ids.note}>Remember a note in {current}</label>
        <textarea id={ids.note} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
        <label className="attendee-choice">
          <input type="checkbox" checked={pinNew} onChange={(event) => setPinNew(event.target.checked)} /> <span>Pin it</span>
        </label>
        <button type="submit" className="small-button" disabled={busy || note.trim() === ''}>
          Remember
        </button>
      </form>
    </div>
  );
}
