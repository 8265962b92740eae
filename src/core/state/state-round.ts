import type { ConversationState } from '../../protocol/index.js';
import type { ConversationStates } from './conversation-states.js';
import { statePolicy, type StatePolicy } from './state-policy.js';

/** A round's place in its conversation's state machine: the state it runs in, and how to close it. */
export interface StateRound {
  stateIn: ConversationState;
  policy: StatePolicy;
  /** Ends the round in the state machine (a change queued meanwhile applies now) and gives `state_out`. Safe to call twice. */
  close(): Promise<ConversationState>;
}

/**
 * Opens a chat turn or conference round in its conversation's state (SPEC §9, thinking-router
 * §10): a state asked for with the request is queued first, so it applies at this boundary, then
 * the state is fixed for the round. Without a state machine (a library caller that wires none),
 * the requested state or `default` holds for the round and nothing is kept.
 */
export async function openStateRound(states: ConversationStates | undefined, conversationId: string, requested?: ConversationState): Promise<StateRound> {
  if (!states) {
    const fixed = requested ?? 'default';
    return { stateIn: fixed, policy: statePolicy(fixed), close: async () => fixed };
  }
  if (requested) await states.requestChange(conversationId, requested);
  const stateIn = await states.beginRound(conversationId);
  let closing: Promise<ConversationState> | null = null;
  return { stateIn, policy: statePolicy(stateIn), close: () => (closing ??= states.endRound(conversationId)) };
}
