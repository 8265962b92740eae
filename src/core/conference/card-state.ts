import { CHIEF_AGENT_ID, type CardState, type ConferenceEntry } from '../../protocol/index.js';

/** The card an agent shows after its entry: the Chief is always the Moderator (green). */
export function cardStateOf(entry: Pick<ConferenceEntry, 'agentId' | 'status'>): CardState {
  if (entry.agentId === CHIEF_AGENT_ID) return 'Moderator';
  if (entry.status === 'abstained') return 'Abstained';
  if (entry.status === 'muted') return 'Muted';
  return 'Participant';
}
