import { useState } from 'react';
import type { Agent } from '../api/index.js';
import { CHIEF_ID } from './conference-state.js';

/** Choose who attends; the Chief of Staff always does (as moderator). */
export function StartConference({ agents, busy, onStart }: { agents: Agent[]; busy: boolean; onStart: (attendees: string[]) => void }) {
  const others = agents.filter((agent) => agent.id !== CHIEF_ID);
  const chief = agents.find((agent) => agent.id === CHIEF_ID);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(others.filter((agent) => !agent.muted).map((agent) => agent.id)));
  const toggle = (agentId: string): void =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(agentId)) next.delete(agentId);
      else next.add(agentId);
      return next;
    });
  return (
    <form
      className="start-conference"
      aria-label="Start a conference"
      onSubmit={(event) => {
        event.preventDefault();
        onStart(others.filter((agent) => chosen.has(agent.id)).map((agent) => agent.id));
      }}
    >
      <h3>Start a conference</h3>
      <p className="hint">
        Each round, the Chief of Staff looks things up in the manuscript once; then every attendee reads the same material and answers
        from their role, or abstains.
      </p>
      <fieldset>
        <legend>Who attends</legend>
        {chief ? (
          <label className="attendee-choice">
            <input type="checkbox" checked disabled />
            <span>
              {chief.name} <span className="hint">— moderator, always attends</span>
            </span>
          </label>
        ) : null}
        {others.map((agent) => (
          <label key={agent.id} className="attendee-choice">
            <input type="checkbox" name="attendee" value={agent.id} checked={chosen.has(agent.id)} onChange={() => toggle(agent.id)} />
            <span>
              {agent.name} <span className="hint">— {agent.role}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="primary-button" disabled={busy}>
        {busy ? 'Starting…' : 'Start conference'}
      </button>
    </form>
  );
}
