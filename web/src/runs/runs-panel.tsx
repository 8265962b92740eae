import { useEffect, useId, useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { RunRecord, RunStepEntry } from '../api/index.js';
import { LoadError, Notice, Pill } from '../common/index.js';
import { useNavigation } from '../navigation.js';
import { useAsync } from '../use-async.js';

const POLL_MS = 700;
const FINISHED = new Set(['succeeded', 'failed', 'cancelled', 'interrupted']);
const TONES: Record<string, 'ok' | 'warn' | 'bad' | 'neutral' | 'info'> = {
  queued: 'info', running: 'warn', succeeded: 'ok', failed: 'bad', cancelled: 'neutral', interrupted: 'bad',
};

function stepLine(step: RunStepEntry): string {
  const what = step.event.replace(/-/g, ' ');
  return `${what}${step.step ? ` · ${step.step}` : ''}${step.item ? ` · ${step.item}` : ''}${step.status ? ` — ${step.status}` : ''}`;
}

function RunDetail({ runId, onChanged }: { runId: string; onChanged: () => void }) {
  const navigation = useNavigation();
  const [serial, setSerial] = useState(0);
  const detail = useAsync(() => api.run(runId), [runId, serial]);
  const issues = useAsync(() => api.issues('all'), [runId, detail.data?.run.status]);
  const [problem, setProblem] = useState<string | null>(null);
  const run = detail.data?.run;
  const live = run !== undefined && !FINISHED.has(run.status);

  // The next look is scheduled when the last one has settled, answered or failed: one slow or failed request must not
  // leave a finished run showing as running.
  useEffect(() => {
    if (!live || detail.loading) return;
    const timer = window.setTimeout(() => setSerial((value) => value + 1), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [live, detail.loading, detail.data, detail.error]);
  useEffect(() => {
    if (run && FINISHED.has(run.status)) onChanged();
    // Only the moment a run finishes matters to the list.
  }, [run?.status]);

  if (!run) return <LoadError error={detail.error} />;
  const headlines = new Map((issues.data ?? []).map((issue) => [issue.id, issue.headline]));
  return (
    <section className="run-detail" aria-label={`Run ${run.id}`} data-testid="run-detail" data-status={run.status}>
      <h3>{run.recipe.name}</h3>
      <div className="issue-facts">
        <Pill tone={TONES[run.status] ?? 'neutral'}>{run.status}</Pill>
        <span className="hint">started {run.startedAt ? new Date(run.startedAt).toLocaleString() : 'not yet'}</span>
        <span className="hint">
          {run.summary.findings.error} error{run.summary.findings.error === 1 ? '' : 's'}, {run.summary.findings.warning} warning
          {run.summary.findings.warning === 1 ? '' : 's'} · {run.summary.receipts} receipts
        </span>
      </div>
      <p>
        <label>
          {run.progress.done} of {run.progress.total} steps done{run.progress.step ? ` — now ${run.progress.step}${run.progress.item ? ` on ${run.progress.item}` : ''}` : ''}{' '}
          <progress max={Math.max(1, run.progress.total)} value={run.progress.done} data-testid="run-progress" />
        </label>
      </p>
      {run.error ? <Notice tone="bad" title="The run stopped">{run.error.message}</Notice> : null}
      {problem ? <Notice tone="bad" title="Not cancelled">{problem}</Notice> : null}
      {live ? (
        <button
          type="button"
          className="small-button"
          onClick={() =>
            void api.cancelRun(run.id).then(
              () => setSerial((value) => value + 1),
              (error: unknown) => setProblem(describeError(error)),
            )
          }
        >
          Cancel the run
        </button>
      ) : null}
      <h4>Issues filed</h4>
      {run.summary.issues.length === 0 ? <p className="hint">{live ? 'None yet.' : 'None.'}</p> : null}
      <ul className="run-issues" data-testid="run-issues">
        {run.summary.issues.map((issueId) => (
          <li key={issueId}>
            <button type="button" className="link-button" onClick={() => navigation.showIssue(issueId)}>
              {issueId}: {headlines.get(issueId) ?? 'open the issue'}
            </button>
          </li>
        ))}
      </ul>
      <h4>Steps</h4>
      <ol className="run-steps" aria-label="Steps so far">
        {(detail.data?.steps ?? []).map((step) => (
          <li key={step.seq} className={step.status && step.status !== 'ok' ? 'run-step-problem' : undefined}>
            {stepLine(step)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Pipeline runs: start the continuity pass (or any recipe), follow its progress and steps, cancel it, open the issues it filed. */
export function RunsPanel() {
  const [serial, setSerial] = useState(0);
  // A project's own recipes can be added while the app is open, so they are read again with the runs.
  const recipes = useAsync(() => api.recipes(), [serial]);
  const runs = useAsync(() => api.runs(), [serial]);
  const [recipe, setRecipe] = useState('continuity-pass');
  const [selected, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const recipeId = useId();
  const start = async (): Promise<void> => {
    setProblem(null);
    try {
      const run: RunRecord = await api.startRun(recipe);
      setSelected(run.id);
      setSerial((value) => value + 1);
    } catch (error) {
      setProblem(describeError(error));
    }
  };
  const list = runs.data ?? [];
  const current = selected ?? list[0]?.id ?? null;
  return (
    <div className="runs">
      <form
        className="inline-form"
        aria-label="Start a run"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <label htmlFor={recipeId}>Recipe</label>
        <select id={recipeId} value={recipe} onChange={(event) => setRecipe(event.target.value)}>
          {(recipes.data ?? [{ id: 'continuity-pass', name: 'Continuity pass' }]).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
        <button type="submit" className="primary-button">
          Start the run
        </button>
        <button type="button" className="link-button" onClick={() => setSerial((value) => value + 1)}>
          Refresh
        </button>
      </form>
      <p className="hint">{recipes.data?.find((item) => item.id === recipe)?.description}</p>
      {problem ? <Notice tone="bad" title="Not started">{problem}</Notice> : null}
      <LoadError error={runs.error ?? recipes.error} />
      {current ? <RunDetail key={current} runId={current} onChanged={() => setSerial((value) => value + 1)} /> : <p className="hint">No runs yet.</p>}
      {list.length > 0 ? (
        <section aria-label="Earlier runs">
          <h3>All runs</h3>
          <ul className="issue-list">
            {list.map((run) => (
              <li key={run.id}>
                <button type="button" className="issue-row" aria-current={run.id === current} onClick={() => setSelected(run.id)}>
                  <span className="issue-row-title">{run.recipe.name}</span>
                  <span className="issue-row-facts">
                    <Pill tone={TONES[run.status] ?? 'neutral'}>{run.status}</Pill>
                    <span className="hint">{run.summary.issues.length} issues filed</span>
                    <span className="hint">{new Date(run.createdAt).toLocaleString()}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
