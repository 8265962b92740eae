import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { api } from '../api/index.js';
import { ApiError, describeError } from '../api/index.js';
import type { Agent } from '../api/index.js';
import { Notice } from '../common/index.js';
import { AttendeeRoster } from './attendee-roster.js';
import { Composer } from '../common/index.js';
import { policyToSend, ToolPolicyControls, type ToolPolicy } from '../common/tool-policy-controls.js';
import { ConferenceRound } from './conference-round.js';
import { conferenceReducer, emptyConference } from './conference-state.js';
import { StartConference } from './start-conference.js';
import { StateSelector } from '../state/index.js';

const STORAGE_KEY = 'control-room.conference';

interface ConferencePanelProps {
  agents: Agent[];
  onAgentChanged: (agent: Agent) => void;
}

/** The writers' room: attendee cards, one continuous chat across rounds, and the message box. */
export function ConferencePanel({ agents, onAgentChanged }: ConferencePanelProps) {
  const [state, dispatch] = useReducer(conferenceReducer, emptyConference);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [toolPolicy, setToolPolicy] = useState<ToolPolicy>({});
  const abortRef = useRef<AbortController | null>(null);
  const chatEndRef = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(agents.map((agent) => [agent.id, agent])), [agents]);
  const conference = state.conference;
  // Who answers in phase 2, in roster order: muted seats are skipped.
  const seats = (conference?.attendees ?? []).filter((agentId) => state.cards[agentId] !== 'Muted' && byId.get(agentId)?.muted !== true);

  // Reopen the conference of the last visit, with its whole transcript.
  useEffect(() => {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (!saved) return;
    api.conference(saved).then(
      (loaded) => dispatch({ type: 'loaded', conference: loaded }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) window.localStorage.removeItem(STORAGE_KEY);
        else setProblem(describeError(error));
      },
    );
    return () => abortRef.current?.abort();
  }, []);

  const lastRound = state.rounds.at(-1);
  useEffect(() => {
    chatEndRef.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [state.rounds.length, lastRound?.entries.length, lastRound?.status]);

  const attempt = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  const start = (attendees: string[]): Promise<void> =>
    attempt(async () => {
      const created = await api.startConference(attendees);
      window.localStorage.setItem(STORAGE_KEY, created.id);
      dispatch({ type: 'loaded', conference: created });
    });

  // Muting is for this conference; unmuting also lifts a mute set for every conference (agents.json).
  const toggleMute = (agent: Agent, muted: boolean): Promise<void> =>
    attempt(async () => {
      if (!conference) return;
      if (!muted && agent.muted) onAgentChanged(await api.setMuted(agent.id, false));
      dispatch({ type: 'roster-changed', conference: await api.muteAttendee(conference.id, agent.id, muted) });
    });

  const remove = (agentId: string): Promise<void> =>
    attempt(async () => {
      if (conference) dispatch({ type: 'roster-changed', conference: await api.remove(conference.id, agentId) });
    });

  const invite = (agentId: string): Promise<void> =>
    attempt(async () => {
      if (conference) dispatch({ type: 'roster-changed', conference: await api.invite(conference.id, agentId) });
    });

  const sendMessage = async (message: string): Promise<boolean> => {
    if (!conference) return false;
    const controller = new AbortController();
    abortRef.current = controller;
    setSending(true);
    setProblem(null);
    dispatch({ type: 'round-started', message });
    let finished = false;
    let unanswered = false;
    try {
      await api.runRound(
        conference.id,
        message,
        {
          onPhase: (phase) => dispatch({ type: 'phase', phase }),
          onReceipt: () => dispatch({ type: 'lookup' }),
          onEntry: (entry) => dispatch({ type: 'entry', entry }),
          onDone: (result) => {
            finished = true;
            // A round that ended on a notice, or that no model answered: the message goes back to the box.
            const seats = result.entries.filter((entry) => entry.status !== 'muted');
            const notice = (result as { notice?: unknown }).notice ?? null;
            unanswered = notice !== null || (seats.length > 0 && seats.every((entry) => entry.issues.some((issue) => issue.code === 'model_unavailable')));
            dispatch({ type: 'round-done', result });
          },
        },
        controller.signal,
        policyToSend(toolPolicy),
      );
      if (!finished) dispatch({ type: 'round-failed', error: 'The server closed the stream before the round finished. Your message is back in the box.' });
      return finished && !unanswered;
    } catch (error) {
      // A stopped or failed round's message goes back to the box, so nothing the writer typed is lost.
      const stopped = controller.signal.aborted;
      dispatch({ type: 'round-failed', error: stopped ? 'Stopped: the round was cancelled and nothing was archived; your message is back in the box.' : `${describeError(error)} Your message is back in the box.` });
      return false;
    } finally {
      setSending(false);
    }
  };

  const leave = (): void => {
    window.localStorage.removeItem(STORAGE_KEY);
    dispatch({ type: 'closed' });
  };

  if (!conference) {
    return (
      <div className="conference">
        {problem ? <Notice tone="bad">{problem}</Notice> : null}
        <StartConference agents={agents} busy={busy} onStart={(attendees) => void start(attendees)} />
      </div>
    );
  }

  return (
    <div className="conference" data-testid="conference" data-conference-id={conference.id}>
      <AttendeeRoster
        attendees={conference.attendees}
        agents={agents}
        cards={state.cards}
        busy={busy || sending}
        onToggleMute={(agent, muted) => void toggleMute(agent, muted)}
        onRemove={(agentId) => void remove(agentId)}
        onInvite={(agentId) => void invite(agentId)}
        onLeave={leave}
      />
      {problem ? <Notice tone="bad">{problem}</Notice> : null}
      <section className="conference-chat" role="log" aria-label="Conference chat" data-testid="conference-chat" tabIndex={0}>
        {state.rounds.length === 0 ? (
          <p className="hint chat-empty">Ask the room about the manuscript — for example, whether a scene agrees with the canon.</p>
        ) : null}
        {state.rounds.map((round, index) => (
          <ConferenceRound key={`${round.round}-${index}`} round={round} agents={byId} seats={seats} />
        ))}
        <div ref={chatEndRef} />
      </section>
      <ToolPolicyControls policy={toolPolicy} onChange={setToolPolicy} disabled={sending} />
      <StateSelector conversationId={conference.id} version={state.rounds.length} />
      <Composer label="Message to the room" placeholder="Ask the room…" sending={sending} onSend={sendMessage} onStop={() => abortRef.current?.abort()} />
    </div>
  );
}
