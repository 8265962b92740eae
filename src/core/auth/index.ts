export { buildCommandChain, chainLevel, gateChain } from './gate-chain.js';
export type { GateDecision } from './gate-chain.js';
export { acceptedCount, answerConfirmation, confirmationPrompt, openConfirmation } from './confirmation-flow.js';
export type { NewConfirmation } from './confirmation-flow.js';
