import { useEffect, useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { ConversationState, ConversationStateView } from '../api/index.js';

/**
 * The conversation's state (Default, Conversation, Action, Research) and a way to change it. A
 * change is only asked for here: it applies at the next round boundary, never to a round running
 * now, and the selector says so until it has. `version` changes after each round, to read it again.
 */
export function StateSelector({ conversationId, version, disabled = false }: { conversationId: string | null; version: number; disabled?: boolean }) {
  const [view, setView] = useState<ConversationStateView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!conversationId) {
      setView(null);
      return;
    }
    let current = true;
    api.conversationState(conversationId).then(
      (found) => current && setView(found),
      (error: unknown) => current && setProblem(describeError(error)),
    );
    return () => {
      current = false;
    };
  }, [conversationId, version]);

  const choose = async (state: ConversationState): Promise<void> => {
    if (!conversationId) return;
    setProblem(null);
    try {
      setView(await api.setConversationState(conversationId, state));
    } catch (error) {
      setProblem(describeError(error));
    }
  };

  const shown = view?.pending ?? view?.state ?? 'default';
  const pending = view?.pending ? view.states.find((cue) => cue.state === view.pending) : null;
  return (
    <div className="state-selector" data-testid="state-selector" data-state={view?.state ?? 'default'} data-conversation-id={conversationId ?? undefined}>
      <label>
        State{' '}
        <select value={shown} disabled={disabled || !conversationId} onChange={(event) => void choose(event.target.value as ConversationState)} data-testid="state-select">
          {(view?.states ?? [{ state: 'default', label: 'Default', icon: 'circle', description: '' }]).map((cue) => (
            <option key={cue.state} value={cue.state} title={cue.description}>
              {cue.label}
            </option>
          ))}
        </select>
      </label>
      {!conversationId ? <span className="hint"> Set once the conversation has started.</span> : null}
      {view && !pending ? <span className="hint"> {view.cue.description}</span> : null}
      {pending ? (
        <span className="hint" role="status" data-testid="state-pending">
          {' '}
          {pending.label} from the next round ({view?.cue.label} until then).
        </span>
      ) : null}
      {problem ? <span className="hint" role="alert"> {problem}</span> : null}
    </div>
  );
}
