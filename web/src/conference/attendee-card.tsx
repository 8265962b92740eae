import type { Agent, CardState } from '../api/index.js';

/** The seed's tooltips for the card subtitles. */
const CARD_HINTS: Record<CardState, string> = {
  Moderator: 'The Chief of Staff gathers the material each round and cannot leave the conference.',
  Participant: 'Attending; has not answered yet this round, or answered.',
  Abstained: 'This agent had nothing to add from their role this round.',
  Muted: 'Muted by you: skipped entirely until unmuted.',
};

interface AttendeeCardProps {
  agent: Agent;
  state: CardState;
  busy: boolean;
  onToggleMute?: () => void;
  onRemove?: () => void;
}

/** One attendee: name, role and card state (green Moderator, yellow Abstained, red Muted). */
export function AttendeeCard({ agent, state, busy, onToggleMute, onRemove }: AttendeeCardProps) {
  // "Chief of Staff" → CS: small words are not initials.
  const initials = agent.name
    .split(/\s+/)
    .filter((word) => /^[A-Z0-9]/.test(word))
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <li className={`agent-card card-${state.toLowerCase()}`} data-testid={`card-${agent.id}`} data-state={state} aria-label={`${agent.name}: ${state}`}>
      <span className="avatar" aria-hidden="true">
        {initials}
      </span>
      <div className="card-text">
        <span className="card-name">{agent.name}</span>
        <span className="card-role">{agent.role}</span>
        <span className={`card-state state-${state.toLowerCase()}`} title={CARD_HINTS[state]} data-testid={`card-state-${agent.id}`}>
          {state}
        </span>
      </div>
      <div className="card-actions">
        {onToggleMute ? (
          <button type="button" className="small-button" disabled={busy} onClick={onToggleMute} aria-label={`${state === 'Muted' ? 'Unmute' : 'Mute'} ${agent.name}`}>
            {state === 'Muted' ? 'Unmute' : 'Mute'}
          </button>
        ) : null}
        {onRemove ? (
          <button type="button" className="small-button quiet" disabled={busy} onClick={onRemove} aria-label={`Remove ${agent.name} from the conference`}>
            Remove
          </button>
        ) : null}
      </div>
    </li>
  );
}
