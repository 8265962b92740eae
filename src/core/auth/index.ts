export { AUTHORIZATION_TABLE, commandLevel } from './authorization-table.js';
export type { CommandRule } from './authorization-table.js';
export { buildCommandChain, chainLevel, gateChain } from './gate-chain.js';
export type { GateDecision } from './gate-chain.js';
export { acceptedCount, answerConfirmation, confirmationListing, confirmationPrompt, decideAnswer, openConfirmation } from './confirmation-flow.js';
export type { AnswerDecision, AnsweredConfirmation, ConfirmationAnswerInput, NewConfirmation } from './confirmation-flow.js';
