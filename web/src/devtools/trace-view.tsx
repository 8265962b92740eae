import { useState } from 'react';
import { api } from '../api/index.js';
import type { RoundEvent } from '../api/index.js';
import { Pill } from '../common/index.js';
import { JsonView } from '../common/index.js';
import { LoadError } from '../common/index.js';
import { useAsync } from '../use-async.js';

/** Conversations are named by what started them: `conf-…` conferences, `chat-…` 1:1 chats. */
function conversationKind(conversationId: string): string {
  if (conversationId.startsWith('conf')) return 'Conference';
  if (conversationId.startsWith('chat')) return '1:1 chat';
  return conversationId.length > 14 ? `${conversationId.slice(0, 14)}…` : conversationId;
}

/** A one-line summary of an event's payload, so the ordered list reads at a glance. */
function summary(event: RoundEvent): string {
  const payload = event.payload;
  const pick = (key: string): string | null => (typeof payload[key] === 'string' || typeof payload[key] === 'number' ? String(payload[key]) : null);
  const parts = [pick('agent_id'), pick('tool_id'), pick('model'), pick('code'), pick('status'), pick('failure_code')].filter(Boolean);
  const text = pick('raw_text') ?? pick('text') ?? pick('message') ?? pick('failure_reason');
  if (text) parts.push(`“${text.length > 80 ? `${text.slice(0, 80)}…` : text}”`);
  return parts.join(' · ');
}

function RoundDetail({ roundId }: { roundId: string }) {
  const trace = useAsync(() => api.traceRound(roundId), [roundId]);
  const [open, setOpen] = useState<number | null>(null);
  const round = trace.data?.round;
  return (
    <div className="trace-detail" data-testid="trace-detail">
      <LoadError error={trace.error} />
      {round ? (
        <div className="trace-header">
          <span>
            Round <code>{round.round_id}</code>
          </span>
          <Pill tone={round.status === 'ok' ? 'ok' : round.status === 'failed' ? 'bad' : 'warn'}>{round.status}</Pill>
          <span className="hint">
            {round.conversation_id} · #{round.round_seq} · {new Date(round.created_at).toLocaleString()}
          </span>
          {round.failure_reason ? <span className="hint">{round.failure_reason}</span> : null}
        </div>
      ) : null}
      <ol className="trace-events" aria-label="Events in order">
        {(trace.data?.events ?? []).map((event) => (
          <li key={event.event_seq} className={`trace-event event-${event.status}`} data-testid="trace-event" data-type={event.event_type}>
            <button type="button" className="trace-event-row" aria-expanded={open === event.event_seq} onClick={() => setOpen((current) => (current === event.event_seq ? null : event.event_seq))}>
              <span className="trace-seq">{event.event_seq}</span>
              <span className="trace-type">{event.event_type}</span>
              <span className="trace-summary">{summary(event)}</span>
            </button>
            {open === event.event_seq ? <JsonView value={event} label={`Event ${event.event_seq}`} /> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Decision traces: recent rounds, and one round's ordered events (llm, tool, validator, output…). */
export function TraceView({ roundId, onSelect }: { roundId: string | null; onSelect: (roundId: string | null) => void }) {
  const rounds = useAsync(() => api.traceRounds(40), [roundId]);
  return (
    <div className="traces">
      <div className="trace-layout">
        <ul className="trace-rounds" aria-label="Recent rounds">
          {(rounds.data ?? []).map((round) => (
            <li key={round.round_id}>
              <button type="button" className="trace-round-row" aria-current={round.round_id === roundId ? 'true' : undefined} onClick={() => onSelect(round.round_id)}>
                <span className="trace-round-name" title={round.conversation_id}>
                  <span className="trace-round-kind">{conversationKind(round.conversation_id)} · #{round.round_seq}</span>
                  <span className="trace-round-time">{new Date(round.created_at).toLocaleTimeString()}</span>
                </span>
                <Pill tone={round.status === 'ok' ? 'ok' : round.status === 'failed' ? 'bad' : 'warn'}>{round.status}</Pill>
              </button>
            </li>
          ))}
          {rounds.data && rounds.data.length === 0 ? <li className="hint">No rounds traced yet.</li> : null}
        </ul>
        <div className="trace-main">
          <LoadError error={rounds.error} />
          {roundId ? <RoundDetail roundId={roundId} /> : <p className="hint">Choose a round to see its events in order.</p>}
        </div>
      </div>
    </div>
  );
}
