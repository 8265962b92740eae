export { CREDITS_SCHEMA_VERSION, AgentCreditsSchema, CreditsFileSchema, emptyCreditsFile } from './credits-file.js';
export type { AgentCredits, CreditsFile } from './credits-file.js';
export { creditOutcome, applyCreditChanges } from './credit-changes.js';
export type { CreditChange } from './credit-changes.js';
export type { CreditsStore } from './credits-store.js';
export { InMemoryCreditsStore } from './in-memory-credits-store.js';
