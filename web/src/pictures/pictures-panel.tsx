import { useId, useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { ToolRun } from '../api/index.js';
import { LoadError, Notice } from '../common/index.js';
import { useAsync } from '../use-async.js';
import { PacingChart, type PacingData } from './pacing-chart.js';
import { TimelineChart } from './timeline-chart.js';

/** Receipts of the pictures' tool runs are kept together in one session per day. */
const sessionOfToday = (): string => `ui-pictures-${new Date().toISOString().slice(0, 10)}`;

/** Pictures where a writer would rather look than read: a scene's pacing, and the book's days per chapter. */
export function PicturesPanel({ scenes }: { scenes: readonly string[] }) {
  const [scene, setScene] = useState<string>('');
  const chosen = scene || scenes[0] || '';
  const [run, setRun] = useState<ToolRun<PacingData> | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timeline = useAsync(() => api.timeline(), []);
  const sceneId = useId();

  const measure = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await api.runTool<PacingData>('prose_analyzer', { scene_path: chosen, focus: 'all' }, sessionOfToday());
      if (result.status !== 'ok') setProblem(`prose_analyzer could not measure ${chosen} (${result.status}).`);
      setRun(result);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pictures">
      <section aria-label="Pacing of a scene">
        <h3>Pacing of a scene</h3>
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void measure();
          }}
        >
          <label htmlFor={sceneId}>Scene</label>
          <select id={sceneId} value={chosen} onChange={(event) => setScene(event.target.value)}>
            {scenes.map((path) => (
              <option key={path} value={path}>
                {path.split('/').at(-1)}
              </option>
            ))}
          </select>
          <button type="submit" className="small-button" disabled={busy || chosen === ''}>
            {busy ? 'Measuring…' : 'Draw its pacing'}
          </button>
        </form>
        {problem ? <Notice tone="bad" title="No picture">{problem}</Notice> : null}
        {run && run.status === 'ok' ? (
          <>
            <PacingChart data={run.result} />
            <p className="hint">Measured by prose_analyzer, receipt {run.receiptId}.</p>
          </>
        ) : null}
      </section>
      <section aria-label="Timeline of the book">
        <h3>The book’s days, chapter by chapter</h3>
        <LoadError error={timeline.error} />
        {timeline.data ? timeline.data.chapters.length === 0 ? <p className="hint">No chapters found.</p> : <TimelineChart timeline={timeline.data} /> : null}
      </section>
    </div>
  );
}
