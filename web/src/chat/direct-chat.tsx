import { useEffect, useRef, useState } from 'react';
import { api } from '../api/index.js';
import { describeError } from '../api/index.js';
import type { Agent, ChatTranscriptTurn } from '../api/index.js';
import { Composer } from '../common/index.js';
import { StateSelector } from '../state/index.js';
import { ChatReply } from './chat-reply.js';
import { SaveChatAsIssue } from './save-as-issue.js';
import type { ChatTurn, Conversation } from './chat-turn.js';

/** Which session each agent's chat shows, kept in the browser so a reload reopens it (`new`: a fresh chat). */
const sessionKey = (agentId: string): string => `control-room.chat.${agentId}`;
const NEW_CHAT = 'new';

/**
 * A new chat's session id, chosen here so the writer can set its state before the first message
 * (the server keeps the id it is sent). Random bytes, not `randomUUID`, which a page served over
 * plain HTTP to another machine does not have.
 */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `chat-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function restoredTurn(turn: ChatTranscriptTurn, id: number): ChatTurn {
  return {
    id,
    agentId: turn.agentId,
    message: turn.message,
    text: turn.result.content,
    status: 'done',
    receipts: turn.result.receipts,
    rejections: turn.result.rejections.map((rejection) => rejection.code),
    result: turn.result,
    error: null,
  };
}

/** A 1:1 conversation with one agent, streamed as it answers; the server keeps it, so a reload shows it again. */
export function DirectChat({ agents }: { agents: Agent[] }) {
  const [agentId, setAgentId] = useState('chief');
  const [conversations, setConversations] = useState<Record<string, Conversation>>({});
  const [sending, setSending] = useState(false);
  const serial = useRef(0);
  const endRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const conversation = conversations[agentId] ?? { sessionId: null, turns: [] };
  const agent = agents.find((candidate) => candidate.id === agentId);
  const lastTurn = conversation.turns.at(-1);

  const [loading, setLoading] = useState<string | null>(null);
  // The id each agent's next new chat will have, until its first turn makes it the session's.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const draftId = conversation.sessionId ? null : (drafts[agentId] ?? null);
  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    if (!drafts[agentId]) setDrafts((current) => ({ ...current, [agentId]: current[agentId] ?? newSessionId() }));
  }, [agentId, drafts]);

  // The agent's last conversation, from the server: the session this browser last used, else the newest one.
  useEffect(() => {
    if (conversations[agentId]) return;
    let current = true;
    const stored = window.localStorage.getItem(sessionKey(agentId));
    if (stored === NEW_CHAT) {
      setConversations((existing) => ({ ...existing, [agentId]: existing[agentId] ?? { sessionId: null, turns: [] } }));
      return;
    }
    setLoading(agentId);
    const sessionId = stored ? Promise.resolve(stored) : api.chatSessions(agentId).then((sessions) => sessions[0]?.sessionId ?? null);
    sessionId
      .then(async (id) => (id ? { id, turns: await api.chatSession(id).catch(() => []) } : null))
      .then(
        (found) => {
          if (!current) return;
          const turns = (found?.turns ?? []).map((turn) => {
            serial.current += 1;
            return restoredTurn(turn, serial.current);
          });
          setConversations((existing) => ({ ...existing, [agentId]: existing[agentId] ?? { sessionId: turns.length > 0 ? found!.id : null, turns } }));
        },
        () => current && setConversations((existing) => ({ ...existing, [agentId]: existing[agentId] ?? { sessionId: null, turns: [] } })),
      )
      .finally(() => current && setLoading(null));
    return () => {
      current = false;
    };
  }, [agentId, conversations]);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [conversation.turns.length, lastTurn?.text.length, lastTurn?.status]);

  const update = (forAgent: string, id: number, change: (turn: ChatTurn) => ChatTurn, sessionId?: string): void =>
    setConversations((current) => {
      const existing = current[forAgent] ?? { sessionId: null, turns: [] };
      return {
        ...current,
        [forAgent]: { sessionId: sessionId ?? existing.sessionId, turns: existing.turns.map((turn) => (turn.id === id ? change(turn) : turn)) },
      };
    });

  const send = async (message: string): Promise<boolean> => {
    const forAgent = agentId;
    serial.current += 1;
    const id = serial.current;
    const turn: ChatTurn = { id, agentId: forAgent, message, text: '', status: 'streaming', receipts: [], rejections: [], result: null, error: null };
    const sessionId = conversation.sessionId ?? draftId;
    setConversations((current) => {
      const existing = current[forAgent] ?? { sessionId: null, turns: [] };
      return { ...current, [forAgent]: { ...existing, turns: [...existing.turns, turn] } };
    });
    const controller = new AbortController();
    abortRef.current = controller;
    setSending(true);
    let finished = false;
    let unanswered = false;
    try {
      await api.chat(
        { message, agentId: forAgent, ...(sessionId ? { sessionId } : {}) },
        {
          onDelta: (text) => update(forAgent, id, (current) => ({ ...current, text: current.text + text })),
          onReceipt: (receiptId) => update(forAgent, id, (current) => ({ ...current, receipts: [...current.receipts, receiptId] })),
          onRejection: (code) => update(forAgent, id, (current) => ({ ...current, rejections: [...current.rejections, code] })),
          onDone: (result) => {
            finished = true;
            // A turn that ended on a notice (no model answered, or the message needs rewording): the message goes back to the box.
            unanswered = result.stopHook === 'model_unavailable' || ((result as { notice?: unknown }).notice ?? null) !== null;
            if (result.sessionId) window.localStorage.setItem(sessionKey(forAgent), result.sessionId);
            update(forAgent, id, (current) => ({ ...current, status: 'done', text: result.content, result }), result.sessionId);
          },
        },
        controller.signal,
      );
      if (!finished) update(forAgent, id, (current) => ({ ...current, status: 'failed', error: 'The answer stopped before it was complete. Your message is back in the box.' }));
      return finished && !unanswered;
    } catch (error) {
      const stopped = controller.signal.aborted;
      update(forAgent, id, (current) => ({ ...current, status: 'failed', error: stopped ? 'Stopped: you stopped this answer; your message is back in the box.' : `${describeError(error)} Your message is back in the box.` }));
      // A failed or stopped message goes back to the box, so nothing the writer typed is lost.
      return false;
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="direct-chat">
      <div className="chat-picker">
        <label>
          Chat with{' '}
          <select value={agentId} onChange={(event) => setAgentId(event.target.value)} disabled={sending} data-testid="chat-agent">
            {agents.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} — {candidate.role}
              </option>
            ))}
          </select>
        </label>
        {conversation.turns.length > 0 ? (
          <button
            type="button"
            className="link-button"
            disabled={sending}
            onClick={() => {
              window.localStorage.setItem(sessionKey(agentId), NEW_CHAT);
              setConversations((current) => ({ ...current, [agentId]: { sessionId: null, turns: [] } }));
              setDrafts((current) => ({ ...current, [agentId]: newSessionId() }));
            }}
          >
            New chat
          </button>
        ) : null}
        <SaveChatAsIssue sessionId={conversation.sessionId} disabled={sending} />
        {/* Read again when a turn ends: a change asked for between turns applies as the next one begins. */}
        <StateSelector conversationId={conversation.sessionId ?? draftId} version={conversation.turns.filter((turn) => turn.status !== 'streaming').length} disabled={sending} />
      </div>
      <section className="conference-chat" role="log" aria-label={`Chat with ${agent?.name ?? agentId}`} data-testid="direct-chat" tabIndex={0}>
        {loading === agentId ? <p className="hint">Opening the last conversation…</p> : null}
        {conversation.turns.length === 0 && loading !== agentId ? (
          <p className="hint chat-empty">
            Ask {agent?.name ?? 'an agent'} anything about the manuscript. Answers that state facts cite the lines they rest on.
          </p>
        ) : null}
        {conversation.turns.map((turn) => (
          <div key={turn.id} className="round">
            <div className="writer-message">
              <span className="writer-label">You</span>
              <p>{turn.message}</p>
            </div>
            <ChatReply turn={turn} agent={agents.find((candidate) => candidate.id === turn.agentId)} />
          </div>
        ))}
        <div ref={endRef} />
      </section>
      <Composer
        label={`Message to ${agent?.name ?? 'the agent'}`}
        placeholder={`Ask ${agent?.name ?? 'the agent'}…`}
        sending={sending}
        onSend={send}
        onStop={() => abortRef.current?.abort()}
      />
    </div>
  );
}
