import type { Agent, ConferenceEntry } from '../api/index.js';
import { CitationChip } from '../common/index.js';
import { ReplyText } from '../common/index.js';
import { replyBody } from '../evidence/index.js';

/** One agent's reply in the conference chat. Abstentions and muted seats have no message at all. */
export function ChatEntry({ entry, agent, round }: { entry: ConferenceEntry; agent: Agent | undefined; round: number }) {
  if (entry.status === 'abstained' || entry.status === 'muted') return null;
  const rejected = entry.status === 'rejected';
  // Transcripts saved before reports were kept have no report: their line is shown as written.
  const report = entry.report ?? null;
  const evidence = report?.line ?? entry.evidence;
  const body = replyBody(entry.content ?? '', evidence);
  return (
    <article
      className={`entry ${rejected ? 'entry-rejected' : 'entry-accepted'}`}
      data-testid={`entry-${entry.agentId}-${round}`}
      data-status={entry.status}
      aria-label={`${agent?.name ?? entry.agentId}${rejected ? ' (rejected)' : ''}`}
    >
      <header className="entry-header">
        <span className="entry-name">{agent?.name ?? entry.agentId}</span>
        <span className="entry-role">{agent?.role}</span>
        {rejected ? <span className="badge badge-bad">Rejected</span> : null}
        {!rejected && entry.retried ? (
          <span className="badge badge-neutral" title="The first reply failed the evidence check; this one passed after one correction.">
            Corrected once
          </span>
        ) : null}
      </header>
      {body ? <ReplyText text={body} /> : <p className="hint">(no reply text)</p>}
      {rejected ? (
        <div className="entry-issues">
          <p className="entry-issues-title">Not accepted: the evidence check found {entry.issues.length === 1 ? 'a problem' : 'problems'}.</p>
          <ul>
            {entry.issues.map((issue, index) => (
              <li key={index} data-testid="entry-issue">
                <code>{issue.code}</code> {issue.message}
              </li>
            ))}
          </ul>
          {evidence ? <p className="evidence-raw" title="The evidence line as written">{evidence}</p> : null}
        </div>
      ) : report?.ok ? (
        <CitationChip report={report} />
      ) : evidence ? (
        <p className="evidence-raw" title="The evidence line as written">{evidence}</p>
      ) : null}
    </article>
  );
}
