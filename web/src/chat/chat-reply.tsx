import type { Agent } from '../api/index.js';
import { CitationChip } from '../common/index.js';
import { Notice, NoticeEntry } from '../common/index.js';
import { ReplyText } from '../common/index.js';
import { replyBody } from '../evidence/index.js';
import { useNavigation } from '../navigation.js';
import { stopHookMessage, type ChatTurn } from './chat-turn.js';

/**
 * One 1:1 answer: its text as it streams in, then its citation, a notice when it was stopped or
 * its evidence failed, and links to its receipts and trace.
 */
export function ChatReply({ turn, agent }: { turn: ChatTurn; agent: Agent | undefined }) {
  const navigation = useNavigation();
  const result = turn.result;
  const report = result?.evidenceReport ?? null;
  const evidence = report?.line ?? result?.evidence ?? null;
  const notice = result?.notice ?? null;
  // A turn that could not answer shows its notice instead of a reply.
  const body = notice ? null : replyBody(turn.text, evidence);
  // A refused call ends on a question to the writer; the stop notice still says what was refused.
  const stop = result && (!notice || result.stopHook === 'tool_call_rejected') ? stopHookMessage(result) : null;
  // A stopped reply lists its refused calls in the stop notice; the evidence notice is for answers.
  const evidenceFailed = result ? !result.validation.ok && !result.stopHook : false;
  return (
    <article
      className={`entry ${evidenceFailed || stop ? 'entry-rejected' : 'entry-accepted'}`}
      data-testid={`chat-reply-${turn.id}`}
      data-status={turn.status}
      aria-label={`${agent?.name ?? turn.agentId}'s reply`}
      aria-busy={turn.status === 'streaming'}
    >
      <header className="entry-header">
        <span className="entry-name">{agent?.name ?? turn.agentId}</span>
        <span className="entry-role">{agent?.role}</span>
        {turn.status === 'streaming' ? <span className="spinner" aria-label="answering" /> : null}
      </header>
      {turn.status === 'streaming' && turn.receipts.length > 0 ? (
        <p className="hint">Looked things up in the manuscript ({turn.receipts.length}).</p>
      ) : null}
      {body ? <ReplyText text={body} /> : turn.status === 'streaming' ? <p className="hint">Thinking it over…</p> : null}
      {notice ? <NoticeEntry notice={notice} testId="chat-notice" /> : null}
      {stop ? (
        <Notice tone="warn" title="Reply stopped" testId="chat-stop-notice">
          {stop}
        </Notice>
      ) : null}
      {result && evidenceFailed ? (
        <Notice tone="bad" title="Evidence check failed" testId="chat-evidence-notice">
          <ul>
            {result.validation.issues.map((issue, index) => (
              <li key={index}>
                <code>{issue.code}</code> {issue.message}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {report && report.ok && !evidenceFailed ? <CitationChip report={report} /> : null}
      {evidence && evidenceFailed ? <p className="evidence-raw">{evidence}</p> : null}
      {turn.error ? (
        <Notice tone="bad" title="No answer">
          {turn.error}
        </Notice>
      ) : null}
      {result ? (
        <footer className="round-footer">
          <span>
            {result.receipts.length} lookup{result.receipts.length === 1 ? '' : 's'}
          </span>
          {result.sessionId && result.receipts.length > 0 ? (
            <button type="button" className="link-button" onClick={() => navigation.showSession(result.sessionId!)}>
              Receipts
            </button>
          ) : null}
          <button type="button" className="link-button" onClick={() => navigation.showTrace(result.traceRoundId)}>
            Trace
          </button>
        </footer>
      ) : null}
    </article>
  );
}
