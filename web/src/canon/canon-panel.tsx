import { useEffect, useId, useMemo, useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { CanonFact, ConfirmationListing } from '../api/index.js';
import { ConfirmStep } from '../changes/confirm-step.js';
import { LoadError, Notice, Pill } from '../common/index.js';
import { useNavigation } from '../navigation.js';
import { useAsync } from '../use-async.js';

const POLL_MS = 600;

function FactRow({ fact }: { fact: CanonFact }) {
  const navigation = useNavigation();
  const lines = fact.endLine > fact.line ? `L${fact.line}–${fact.endLine}` : `L${fact.line}`;
  return (
    <li className="canon-fact">
      <span className="canon-subject">{fact.subject}</span> — <span className="canon-attribute">{fact.attribute}</span>: {fact.value}{' '}
      <button type="button" className="file-ref" data-testid="canon-fact-link" onClick={() => navigation.openFile(fact.path, { start: fact.line, end: fact.endLine })} title={`Open ${fact.path} at line ${fact.line}`}>
        {fact.path.split('/').at(-1)} {lines}
      </button>
    </li>
  );
}

/**
 * The canon index every agent cites: where its build stands, a rebuild (a level-3 command, so it
 * asks for one confirmation) with live progress, and the compiled facts, each opening its lines.
 */
export function CanonPanel() {
  const [serial, setSerial] = useState(0);
  const status = useAsync(() => api.canonStatus(), [serial]);
  const facts = useAsync(() => api.canonFacts(), [serial]);
  const [confirmation, setConfirmation] = useState<ConfirmationListing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [mode, setMode] = useState<'auto' | 'model' | 'deterministic'>('auto');
  const filterId = useId();
  const modeId = useId();
  const running = status.data?.state === 'running';

  // While a build runs, its progress is polled; the facts reload when it ends.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setSerial((value) => value + 1), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [running, status.data]);

  const rebuild = async (): Promise<void> => {
    setProblem(null);
    try {
      const outcome = await api.rebuildCanon(mode);
      if (outcome.status === 'awaiting_confirmation' && outcome.confirmationId) {
        const pending = await api.confirmations('pending');
        setConfirmation(pending.find((item) => item.confirmation_id === outcome.confirmationId) ?? null);
      } else setSerial((value) => value + 1);
    } catch (error) {
      setProblem(describeError(error));
    }
  };

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    const all = facts.data ?? [];
    return words === '' ? all : all.filter((fact) => `${fact.subject} ${fact.attribute} ${fact.value} ${fact.path}`.toLowerCase().includes(words));
  }, [facts.data, filter]);
  const sections = [...new Set(shown.map((fact) => fact.section))];
  const state = status.data;

  return (
    <div className="canon">
      <section className="canon-status" aria-label="Canon index status" data-testid="canon-status" data-state={state?.state ?? 'unknown'}>
        <h3>Canon index</h3>
        <LoadError error={status.error} />
        {state ? (
          <div className="issue-facts">
            <Pill tone={state.state === 'failed' ? 'bad' : state.state === 'running' ? 'warn' : state.state === 'done' ? 'ok' : 'neutral'}>{state.state}</Pill>
            <span className="hint">{state.facts} facts</span>
            {state.mode ? <span className="hint">extracted {state.mode === 'model' ? 'by the model' : 'from fields and bullets'}</span> : null}
            {state.finishedAt ? <span className="hint">built {new Date(state.finishedAt).toLocaleString()}</span> : null}
          </div>
        ) : null}
        {running && state ? (
          <p>
            <label>
              Building: {state.done} of {state.total} files{' '}
              <progress max={Math.max(1, state.total)} value={state.done} data-testid="canon-progress" />
            </label>
          </p>
        ) : null}
        {state?.error ? <Notice tone="bad" title="The last build failed">{state.error.message}</Notice> : null}
        {problem ? <Notice tone="bad" title="Not started">{problem}</Notice> : null}
        {confirmation ? (
          <ConfirmStep
            confirmation={confirmation}
            onAnswered={() => {
              setConfirmation(null);
              setSerial((value) => value + 1);
            }}
          />
        ) : (
          <div className="inline-form">
            <label htmlFor={modeId}>Extract facts</label>
            <select id={modeId} value={mode} onChange={(event) => setMode(event.target.value as typeof mode)}>
              <option value="auto">with the model when it answers, else from fields and bullets</option>
              <option value="deterministic">from the cards’ fields and lore bullets (no model)</option>
              <option value="model">with the model</option>
            </select>
            <button type="button" className="small-button" disabled={running} onClick={() => void rebuild()}>
              Rebuild the canon index
            </button>
          </div>
        )}
      </section>
      <section aria-label="Canon facts">
        <div className="panel-toolbar">
          <h3>Facts</h3>
          <span>
            <label htmlFor={filterId}>Filter </label>
            <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
          </span>
        </div>
        <LoadError error={facts.error} />
        {facts.data && facts.data.length === 0 ? <p className="hint">No facts yet: rebuild the canon index.</p> : null}
        {sections.map((section) => (
          <section key={section} aria-label={section}>
            <h4>{section}</h4>
            <ul className="canon-facts">
              {shown
                .filter((fact) => fact.section === section)
                .map((fact, index) => (
                  <FactRow key={`${fact.path}:${fact.line}:${index}`} fact={fact} />
                ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}
