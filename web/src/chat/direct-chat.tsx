import { useEffect, useRef, useState } from 'react';
import { api } from '../api/index.js';
import { describeError } from '../api/index.js';
import type { Agent } from '../api/index.js';
import { Composer } from '../common/index.js';
import { ChatReply } from './chat-reply.js';
import type { ChatTurn, Conversation } from './chat-turn.js';

/** A 1:1 conversation with one agent, streamed as it answers. */
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

  useEffect(() => () => abortRef.current?.abort(), []);
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
    const sessionId = conversation.sessionId;
    setConversations((current) => {
      const existing = current[forAgent] ?? { sessionId: null, turns: [] };
      return { ...current, [forAgent]: { ...existing, turns: [...existing.turns, turn] } };
    });
    const controller = new AbortController();
    abortRef.current = controller;
    setSending(true);
    try {
      await api.chat(
        { message, agentId: forAgent, ...(sessionId ? { sessionId } : {}) },
        {
          onDelta: (text) => update(forAgent, id, (current) => ({ ...current, text: current.text + text })),
          onReceipt: (receiptId) => update(forAgent, id, (current) => ({ ...current, receipts: [...current.receipts, receiptId] })),
          onRejection: (code) => update(forAgent, id, (current) => ({ ...current, rejections: [...current.rejections, code] })),
          onDone: (result) =>
            update(forAgent, id, (current) => ({ ...current, status: 'done', text: result.content, result }), result.sessionId),
        },
        controller.signal,
      );
      update(forAgent, id, (current) => (current.status === 'streaming' ? { ...current, status: 'failed', error: 'The answer stopped before it was complete.' } : current));
    } catch (error) {
      update(forAgent, id, (current) => ({ ...current, status: 'failed', error: describeError(error) }));
    } finally {
      setSending(false);
    }
    return true;
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
          <button type="button" className="link-button" disabled={sending} onClick={() => setConversations((current) => ({ ...current, [agentId]: { sessionId: null, turns: [] } }))}>
            New chat
          </button>
        ) : null}
      </div>
      <section className="conference-chat" role="log" aria-label={`Chat with ${agent?.name ?? agentId}`} data-testid="direct-chat">
        {conversation.turns.length === 0 ? (
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
      <Composer label={`Message to ${agent?.name ?? 'the agent'}`} placeholder={`Ask ${agent?.name ?? 'the agent'}…`} sending={sending} onSend={send} />
    </div>
  );
}
