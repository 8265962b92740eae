import { useEffect, useState } from 'react';
import { api } from '../api/index.js';
import { describeError } from '../api/index.js';
import type { AuditVerifyReport } from '../api/index.js';
import { LoadError, Notice } from '../common/index.js';
import { ReceiptList } from '../common/index.js';
import { useAsync } from '../use-async.js';
import { AuditKeyPanel } from './audit-key-panel.js';

/** Every session's signed tool receipts, each with its verified badge, plus a whole-log check. */
export function ReceiptsViewer({ initialSession }: { initialSession: string | null }) {
  const sessions = useAsync(() => api.sessions(), []);
  const [session, setSession] = useState<string | null>(initialSession);
  const [report, setReport] = useState<AuditVerifyReport | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [pinned, setPinned] = useState('');
  useEffect(() => {
    if (initialSession) setSession(initialSession);
  }, [initialSession]);
  const chosen = session ?? sessions.data?.at(-1) ?? null;
  const receipts = useAsync(() => (chosen ? api.receipts(chosen) : Promise.resolve([])), [chosen]);

  const verify = (): void => {
    setVerifyError(null);
    api.verifyAudit(pinned.trim() || undefined).then(setReport, (error: unknown) => setVerifyError(describeError(error)));
  };

  return (
    <div className="receipts-viewer">
      <div className="panel-toolbar">
        <label>
          Session{' '}
          <select value={chosen ?? ''} onChange={(event) => setSession(event.target.value || null)} data-testid="session-select">
            {(sessions.data ?? []).length === 0 ? <option value="">No sessions yet</option> : null}
            {(sessions.data ?? []).map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="small-button" onClick={verify}>
          Verify the whole audit log
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            sessions.reload();
            receipts.reload();
          }}
        >
          Refresh
        </button>
      </div>
      <AuditKeyPanel pinned={pinned} onPinnedChange={setPinned} />
      {report ? (
        <Notice tone={report.ok ? 'info' : 'bad'} title={report.ok ? 'Audit log verified' : 'Audit log does not verify'} testId="audit-report">
          {report.receipts} receipt{report.receipts === 1 ? '' : 's'} in {report.sessions} session{report.sessions === 1 ? '' : 's'}.
          {report.firstBad ? ` First bad line: ${report.firstBad.file}:${report.firstBad.line} — ${report.firstBad.reason}` : ''}
        </Notice>
      ) : null}
      {verifyError ? <Notice tone="bad">{verifyError}</Notice> : null}
      <LoadError error={sessions.error ?? receipts.error} />
      {chosen ? (
        <p className="hint">
          Raw file:{' '}
          <a href={`/api/audit/sessions/${encodeURIComponent(chosen)}/tool-receipts`} target="_blank" rel="noreferrer">
            tool_receipts.jsonl
          </a>
        </p>
      ) : null}
      <ReceiptList receipts={receipts.data ?? []} empty={chosen ? 'This session has no receipts.' : 'No tool has run yet.'} />
    </div>
  );
}
