import { useState } from 'react';
import { useMediaQuery } from '../use-media-query.js';

/** Small screens show a compact roster (names and card states), so the chat keeps its room. */
const COMPACT_QUERY = '(max-width: 900px), (max-height: 760px)';
import type { Agent, CardState } from '../api/index.js';
import { AttendeeCard } from './attendee-card.js';
import { CHIEF_ID } from './conference-state.js';

interface AttendeeRosterProps {
  attendees: string[];
  agents: Agent[];
  cards: Record<string, CardState>;
  busy: boolean;
  onToggleMute: (agent: Agent, muted: boolean) => void;
  onRemove: (agentId: string) => void;
  onInvite: (agentId: string) => void;
  onLeave: () => void;
}

const unknownAgent = (id: string): Agent => ({ id, name: id, role: '', order: 0, muted: false, framing: '', evidenceSources: [] });

/** Who is in the room, with their card states; the Chief has no controls (never removed or muted). */
export function AttendeeRoster({ attendees, agents, cards, busy, onToggleMute, onRemove, onInvite, onLeave }: AttendeeRosterProps) {
  const [invitee, setInvitee] = useState('');
  const small = useMediaQuery(COMPACT_QUERY);
  // The writer's own choice wins until the screen changes size class again.
  const [choice, setChoice] = useState<{ compact: boolean; small: boolean } | null>(null);
  const compact = choice !== null && choice.small === small ? choice.compact : small;
  const setCompact = (next: (value: boolean) => boolean): void => setChoice({ compact: next(compact), small });
  const byId = new Map(agents.map((agent) => [agent.id, agent]));
  const cardOf = (agentId: string): CardState => {
    if (agentId === CHIEF_ID) return 'Moderator';
    // Muted in agents.json means muted in every conference.
    if (byId.get(agentId)?.muted) return 'Muted';
    return cards[agentId] ?? 'Participant';
  };
  const absent = agents.filter((agent) => !attendees.includes(agent.id));
  return (
    <section className="attendees" aria-label="Attendees">
      <div className="attendees-header">
        <h3>In the room</h3>
        <span className="attendees-actions">
          <button type="button" className="link-button" aria-expanded={!compact} onClick={() => setCompact((value) => !value)}>
            {compact ? 'Manage attendees' : 'Compact view'}
          </button>
          <button type="button" className="link-button" onClick={onLeave} disabled={busy}>
            New conference
          </button>
        </span>
      </div>
      <ul className={compact ? 'agent-cards agent-cards-compact' : 'agent-cards'}>
        {attendees.map((agentId) => {
          const agent = byId.get(agentId) ?? unknownAgent(agentId);
          const card = cardOf(agentId);
          const controls = agentId === CHIEF_ID || compact ? {} : { onToggleMute: () => onToggleMute(agent, card !== 'Muted'), onRemove: () => onRemove(agentId) };
          return <AttendeeCard key={agentId} agent={agent} state={card} busy={busy} {...controls} />;
        })}
      </ul>
      {absent.length > 0 && !compact ? (
        <form
          className="invite"
          onSubmit={(event) => {
            event.preventDefault();
            if (!invitee) return;
            onInvite(invitee);
            setInvitee('');
          }}
        >
          <select value={invitee} onChange={(event) => setInvitee(event.target.value)} aria-label="Agent to invite">
            <option value="">Invite an agent…</option>
            {absent.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name} — {agent.role}
              </option>
            ))}
          </select>
          <button type="submit" className="small-button" disabled={!invitee || busy}>
            Invite
          </button>
        </form>
      ) : null}
    </section>
  );
}
