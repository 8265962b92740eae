import { useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { Issue } from '../api/index.js';
import { LoadError, Notice, Pill, ReceiptList } from '../common/index.js';
import { useAsync } from '../use-async.js';
import { IssueBody } from './issue-body.js';
import { IntentionalButton } from './intentional-button.js';

type StatusFilter = 'all' | 'open' | 'closed';

function IssueDetailView({ issueId, onBack }: { issueId: string; onBack: () => void }) {
  const [serial, setSerial] = useState(0);
  const detail = useAsync(() => api.issue(issueId), [issueId, serial]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const issue = detail.data?.issue;
  const setStatus = async (status: Issue['status']): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await api.setIssueStatus(issueId, status);
      setSerial((value) => value + 1);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  const headline = detail.data?.headline ?? issue?.title ?? null;
  const question = headline !== null && issue && headline !== issue.title ? headline : null;
  return (
    <article className="issue-detail" data-testid="issue-detail" data-status={issue?.status} aria-label={issue?.title ?? 'Issue'}>
      <button type="button" className="link-button" onClick={onBack}>
        ← All issues
      </button>
      <LoadError error={detail.error} />
      {issue ? (
        <>
          <h3 className="issue-title">{question ?? issue.title}</h3>
          {question ? <p className="hint issue-subtitle">{issue.title}</p> : null}
          <div className="issue-facts">
            <Pill tone={issue.status === 'open' ? 'info' : 'neutral'}>{issue.status}</Pill>
            <Pill>{issue.priority}</Pill>
            {issue.tags.map((tag) => (
              <Pill key={tag}>#{tag}</Pill>
            ))}
            <span className="hint">Filed {new Date(issue.createdAt).toLocaleString()}</span>
          </div>
          <div className="button-row">
            {issue.status === 'open' ? (
              <button type="button" className="small-button" disabled={busy} onClick={() => void setStatus('closed')}>
                Close issue
              </button>
            ) : (
              <button type="button" className="small-button" disabled={busy} onClick={() => void setStatus('open')}>
                Reopen issue
              </button>
            )}
            {detail.data?.finding ? <IntentionalButton issue={issue} onMarked={() => setSerial((value) => value + 1)} /> : null}
          </div>
          {problem ? <Notice tone="bad" title="Not changed">{problem}</Notice> : null}
          <IssueBody text={issue.body} />
          <h4>Linked receipts</h4>
          <ReceiptList receipts={detail.data?.receipts ?? []} empty="No receipts are linked to this issue." />
        </>
      ) : null}
    </article>
  );
}

/** The room's issues, archived conference turns included (titled by the round's question), with their receipts. */
export function IssuesPanel({ selected, onSelect }: { selected: string | null; onSelect: (issueId: string | null) => void }) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const issues = useAsync(() => api.issues(status), [status, selected]);
  if (selected) return <IssueDetailView issueId={selected} onBack={() => onSelect(null)} />;
  return (
    <div className="issues">
      <div className="panel-toolbar">
        <label>
          Show{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            <option value="all">all issues</option>
            <option value="open">open issues</option>
            <option value="closed">closed issues</option>
          </select>
        </label>
        <button type="button" className="link-button" onClick={issues.reload}>
          Refresh
        </button>
      </div>
      <LoadError error={issues.error} />
      {issues.data && issues.data.length === 0 ? <p className="hint">No issues yet. Each conference round is archived here as an issue.</p> : null}
      <ul className="issue-list" aria-label="Issues">
        {(issues.data ?? []).map((issue) => (
          <li key={issue.id}>
            <button type="button" className="issue-row" data-testid={`issue-${issue.id}`} data-status={issue.status} onClick={() => onSelect(issue.id)}>
              <span className="issue-row-title">{issue.headline}</span>
              {issue.headline !== issue.title ? <span className="issue-row-sub">{issue.title}</span> : null}
              <span className="issue-row-facts">
                <Pill tone={issue.status === 'open' ? 'info' : 'neutral'}>{issue.status}</Pill>
                {issue.receiptIds.length > 0 ? (
                  <span className="hint">
                    {issue.receiptIds.length} receipt{issue.receiptIds.length === 1 ? '' : 's'}
                  </span>
                ) : null}
                <span className="hint">{new Date(issue.createdAt).toLocaleString()}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
