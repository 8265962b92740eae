import type { Agent } from '../api/index.js';
import { Notice, NoticeEntry } from '../common/index.js';
import { useNavigation } from '../navigation.js';
import { ChatEntry } from './chat-entry.js';
import type { ChatRound } from './conference-state.js';

/** The room answers in roster order, one at a time: the next seat without an entry is the one answering. */
function answeringNow(round: ChatRound, seats: readonly string[], agents: Map<string, Agent>): string | null {
  if (round.phase < 2) return null;
  const next = seats.find((agentId) => !round.entries.some((entry) => entry.agentId === agentId));
  return next ? (agents.get(next)?.name ?? next) : null;
}

function Progress({ round, agents, seats }: { round: ChatRound; agents: Map<string, Agent>; seats: readonly string[] }) {
  if (round.status !== 'running') return null;
  const now = answeringNow(round, seats, agents);
  const lookups = round.lookups > 0 ? ` (${round.lookups} lookup${round.lookups === 1 ? '' : 's'} so far)` : '';
  const text = round.phase <= 1 ? `The Chief of Staff is looking things up in the manuscript…${lookups}` : 'The room is reading the material and answering…';
  const answered = round.entries.map((entry) => agents.get(entry.agentId)?.name ?? entry.agentId);
  return (
    <p className="round-progress" role="status" data-testid="round-progress">
      <span className="spinner" aria-hidden="true" /> {text}
      {now ? <span data-testid="answering-now"> Now answering: {now}.</span> : null}
      {answered.length > 0 ? <span className="hint"> Decided so far: {answered.join(', ')}.</span> : null}
    </p>
  );
}

function Footer({ round }: { round: ChatRound }) {
  const navigation = useNavigation();
  const result = round.result;
  if (!result) return null;
  return (
    <footer className="round-footer">
      <span>
        Round {result.round} · {result.toolExecutions} tool run{result.toolExecutions === 1 ? '' : 's'}
      </span>
      {result.issueId ? (
        <button type="button" className="link-button" onClick={() => navigation.showIssue(result.issueId!)}>
          Archived as Turn {result.round}
        </button>
      ) : null}
      <button type="button" className="link-button" onClick={() => navigation.showTrace(result.traceRoundId)}>
        Trace
      </button>
    </footer>
  );
}

/** One round of the continuous chat: the writer's message, each reply as it arrives, then the round's footer. */
export function ConferenceRound({ round, agents, seats = [] }: { round: ChatRound; agents: Map<string, Agent>; seats?: readonly string[] }) {
  const rejections = round.result?.rejections ?? [];
  return (
    <section className="round" aria-label={`Round ${round.round}`} data-testid={`round-${round.round}`} data-status={round.status}>
      <div className="writer-message" data-testid={`message-${round.round}`}>
        <span className="writer-label">You</span>
        <p>{round.message}</p>
      </div>
      {round.entries.map((entry) => (
        <ChatEntry key={entry.agentId} entry={entry} agent={agents.get(entry.agentId)} round={round.round} />
      ))}
      <Progress round={round} agents={agents} seats={seats} />
      {round.result?.notice ? <NoticeEntry notice={round.result.notice} testId={`round-notice-${round.round}`} /> : null}
      {round.result?.stopHook && !round.result.notice ? (
        <Notice tone="warn" title="The Chief's lookup was stopped">
          The model's tool call was refused ({rejections.map((rejection) => rejection.code).join(', ') || round.result.stopHook}); nothing was run, so
          the room answered without new material.
        </Notice>
      ) : null}
      {round.error ? (
        <Notice tone="bad" title="This round did not finish">
          {round.error}
        </Notice>
      ) : null}
      <Footer round={round} />
    </section>
  );
}
