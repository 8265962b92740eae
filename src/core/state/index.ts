export { ConversationStates, requireConversationId } from './conversation-states.js';
export type { StateView } from './conversation-states.js';
export type { ConversationStateStore } from './conversation-state-store.js';
export { statePolicy, statePolicies, toolBudgetsFor, modelOptionsForPolicy } from './state-policy.js';
export type { StatePolicy } from './state-policy.js';
export { callModelForState } from './call-model-for-state.js';
export { openStateRound } from './state-round.js';
export type { StateRound } from './state-round.js';
