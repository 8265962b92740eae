import { useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { TaskOutcome } from '../api/index.js';
import { LoadError, Notice, Pill, ReceiptList } from '../common/index.js';
import { useNavigation } from '../navigation.js';
import { useAsync } from '../use-async.js';
import { ConfirmStep } from './confirm-step.js';
import { FileChangeView } from './file-change-view.js';
import { commandSummaries, levelWords, STATUS_WORDS, when } from './task-words.js';

/**
 * One change, for review: the goal and plan, each file it would touch or touched as a word diff,
 * the other commands, and what can be done now — confirm or refuse while it waits, undo once applied.
 */
export function TaskReview({ taskId, onChanged, onBack }: { taskId: string; onChanged: () => void; onBack: () => void }) {
  const navigation = useNavigation();
  const [serial, setSerial] = useState(0);
  const task = useAsync(() => api.task(taskId), [taskId, serial]);
  const changes = useAsync(() => api.taskChanges(taskId), [taskId, serial]);
  const pending = useAsync(() => api.confirmations('pending'), [taskId, serial]);
  // Each applied operation's receipt, with its signature checked by the server.
  const signed = useAsync(() => api.receipts(taskId).catch(() => []), [taskId, serial]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const record = task.data;
  const confirmation = pending.data?.find((item) => item.task_id === taskId) ?? null;
  const refresh = (): void => {
    setSerial((value) => value + 1);
    onChanged();
  };

  const undo = async (): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await api.undoTask(taskId);
      refresh();
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  if (!record) return <LoadError error={task.error} />;
  const status = STATUS_WORDS[record.status];
  const fileIndexes = new Set((changes.data?.files ?? []).map((file) => file.index));
  const otherCommands = commandSummaries(record).filter((_, index) => !fileIndexes.has(index) && record.batch[index]?.op.startsWith('file.') !== true);
  const receipts = record.results.filter((result) => result.receipt_id).length;
  const canUndo = record.undo_available && (record.status === 'applied' || record.status === 'partial');

  return (
    <article className="task-review" aria-label={`Change: ${record.goal}`} data-testid="task-review" data-status={record.status} data-task-id={record.task_id}>
      <button type="button" className="link-button" onClick={onBack}>
        ← All changes
      </button>
      <h3 className="task-goal">{record.goal}</h3>
      <div className="issue-facts">
        <Pill tone={status.tone}>{status.text}</Pill>
        <span className="hint">{levelWords(record.level)}</span>
        <span className="hint">Asked {when(record.created_at)}</span>
      </div>
      {record.plan ? (
        <section className="task-plan" aria-label="Plan">
          <h4>Plan</h4>
          <p>{record.plan.summary}</p>
          {record.plan.risks && record.plan.risks.length > 0 ? (
            <ul className="task-risks" aria-label="Risks">
              {record.plan.risks.map((risk, index) => (
                <li key={index}>{risk}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {record.issues.length > 0 ? (
        <Notice tone="bad" title="The proposed change was refused before anything ran">
          <ul>
            {record.issues.map((issue, index) => (
              <li key={index}>
                <code>{issue.code}</code> {issue.message}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <h4>Files</h4>
      <LoadError error={changes.error} />
      {changes.data && changes.data.files.length === 0 ? <p className="hint">This change touches no manuscript file.</p> : null}
      {(changes.data?.files ?? []).map((change) => (
        <FileChangeView key={change.index} change={change} />
      ))}
      {otherCommands.length > 0 ? (
        <>
          <h4>Other commands</h4>
          <ul className="task-commands">
            {otherCommands.map((summary, index) => (
              <li key={index}>{summary}</li>
            ))}
          </ul>
        </>
      ) : null}
      {problem ? <Notice tone="bad" title="Not done">{problem}</Notice> : null}
      {record.status === 'awaiting_confirmation' && confirmation ? (
        <ConfirmStep confirmation={confirmation} onAnswered={(_outcome: TaskOutcome) => refresh()} />
      ) : null}
      {canUndo ? (
        <div className="button-row">
          <button type="button" className="small-button" disabled={busy} onClick={() => void undo()}>
            Undo this change
          </button>
        </div>
      ) : null}
      {receipts > 0 ? (
        <section aria-label="Receipts">
          <h4>Receipts</h4>
          <ReceiptList receipts={signed.data ?? []} empty="The receipts are being checked…" />
          <button type="button" className="link-button" onClick={() => navigation.showSession(record.task_id)}>
            Open them in Dev Tools
          </button>
        </section>
      ) : null}
    </article>
  );
}
