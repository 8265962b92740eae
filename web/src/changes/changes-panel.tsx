import { useRef, useState } from 'react';
import { api, describeError } from '../api/index.js';
import { Composer, LoadError, Notice, Pill } from '../common/index.js';
import { useAsync } from '../use-async.js';
import { TaskReview } from './task-review.js';
import { levelWords, STATUS_WORDS, when } from './task-words.js';

/**
 * Changes to the manuscript: ask for one in words, review its plan and word diffs, confirm or
 * refuse it as its level requires, undo it; and the history of every change with its receipts.
 */
export function ChangesPanel() {
  const [selected, setSelected] = useState<string | null>(null);
  const [serial, setSerial] = useState(0);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const tasks = useAsync(() => api.tasks(), [serial]);
  const reload = (): void => setSerial((value) => value + 1);

  const ask = async (goal: string): Promise<boolean> => {
    const controller = new AbortController();
    abortRef.current = controller;
    setWorking(true);
    setProblem(null);
    try {
      const outcome = await api.executeTask(goal, controller.signal);
      reload();
      setSelected(outcome.taskId);
      return true;
    } catch (error) {
      setProblem(controller.signal.aborted ? 'Stopped: nothing was changed.' : describeError(error));
      return false;
    } finally {
      setWorking(false);
    }
  };

  if (selected) {
    return (
      <div className="changes">
        <TaskReview taskId={selected} onChanged={reload} onBack={() => setSelected(null)} />
      </div>
    );
  }
  const list = tasks.data ?? [];
  const waiting = list.filter((task) => task.status === 'awaiting_confirmation');
  return (
    <div className="changes">
      <section className="change-request" aria-label="Ask for a change">
        <h3>Ask for a change</h3>
        <p className="hint">
          Say what should change in the manuscript. You will see the plan and every word it changes before anything that needs your confirmation
          is applied; small edits apply at once and can be undone.
        </p>
        {problem ? <Notice tone="bad" title="No change proposed">{problem}</Notice> : null}
        {working ? (
          <p className="round-progress" role="status">
            <span className="spinner" aria-hidden="true" /> The planner and the actor are preparing the change…
          </p>
        ) : null}
        <Composer label="The change you want" placeholder="e.g. Make Hester’s eyes grey in the Drowned Bell scene" sending={working} onSend={ask} onStop={() => abortRef.current?.abort()} sendLabel="Propose" />
      </section>
      <LoadError error={tasks.error} />
      {waiting.length > 0 ? (
        <section aria-label="Waiting for your confirmation">
          <h3>Waiting for your confirmation</h3>
          <TaskList tasks={waiting} onOpen={setSelected} />
        </section>
      ) : null}
      <section aria-label="History of changes">
        <div className="panel-toolbar">
          <h3>History</h3>
          <button type="button" className="link-button" onClick={reload}>
            Refresh
          </button>
        </div>
        {tasks.data && list.length === 0 ? <p className="hint">No changes yet.</p> : null}
        <TaskList tasks={list} onOpen={setSelected} />
      </section>
    </div>
  );
}

function TaskList({ tasks, onOpen }: { tasks: Awaited<ReturnType<typeof api.tasks>>; onOpen: (taskId: string) => void }) {
  return (
    <ul className="issue-list">
      {tasks.map((task) => {
        const status = STATUS_WORDS[task.status];
        const receipts = task.results.filter((result) => result.receipt_id).length;
        return (
          <li key={task.task_id}>
            <button type="button" className="issue-row" data-testid={`task-${task.task_id}`} onClick={() => onOpen(task.task_id)}>
              <span className="issue-row-title">{task.goal}</span>
              <span className="issue-row-facts">
                <Pill tone={status.tone}>{status.text}</Pill>
                <span className="hint">{levelWords(task.level)}</span>
                {receipts > 0 ? <span className="hint">{receipts} receipt{receipts === 1 ? '' : 's'}</span> : null}
                <span className="hint">{when(task.created_at)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
