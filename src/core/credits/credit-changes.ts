import type { EntryStatus } from '../../protocol/index.js';
import type { CreditsFile } from './credits-file.js';

/** What one decided entry does to an agent's credits. */
export interface CreditChange {
  agentId: string;
  outcome: 'accepted' | 'rejected';
}

/**
 * The credit outcome of a conference entry (the seed's Abstain Protocol): an accepted reply earns
 * one, a rejected reply costs one, abstaining and being muted are neutral. A reply refused because
 * the agent's model could not be reached is not the agent's doing, so it is neutral as well.
 */
export function creditOutcome(status: EntryStatus, modelUnavailable = false): CreditChange['outcome'] | null {
  if (status === 'responded') return 'accepted';
  if (status === 'rejected' && !modelUnavailable) return 'rejected';
  return null;
}

/** The credits file with the changes applied (a new object; the input is left alone). */
export function applyCreditChanges(file: CreditsFile, changes: readonly CreditChange[], nowIso: string): CreditsFile {
  if (changes.length === 0) return file;
  const agents = { ...file.agents };
  for (const change of changes) {
    const current = agents[change.agentId] ?? { balance: 0, accepted: 0, rejected: 0, updatedAt: nowIso };
    agents[change.agentId] =
      change.outcome === 'accepted'
        ? { balance: current.balance + 1, accepted: current.accepted + 1, rejected: current.rejected, updatedAt: nowIso }
        : { balance: current.balance - 1, accepted: current.accepted, rejected: current.rejected + 1, updatedAt: nowIso };
  }
  return { ...file, agents, updatedAt: nowIso };
}
