/**
 * The conference chat as the writer sees it: one continuous list of rounds (the backend forgets
 * each round when it closes; the UI keeps them all) and the attendees' card states.
 */
import type { CardState, Conference, ConferenceEntry, ConferenceRoundResult, StreamedEntry } from '../api/index.js';

export const CHIEF_ID = 'chief';

export interface ChatRound {
  round: number;
  message: string;
  status: 'running' | 'done' | 'failed';
  /** 1 while the Chief gathers material, 2 while the room answers. */
  phase: number;
  /** Tool runs of phase 1 so far (each left a signed receipt). */
  lookups: number;
  entries: ConferenceEntry[];
  result: ConferenceRoundResult | null;
  error: string | null;
}

export interface ConferenceState {
  conference: Conference | null;
  cards: Record<string, CardState>;
  rounds: ChatRound[];
}

export type ConferenceAction =
  | { type: 'loaded'; conference: Conference }
  | { type: 'roster-changed'; conference: Conference }
  | { type: 'round-started'; message: string }
  | { type: 'phase'; phase: number }
  | { type: 'lookup' }
  | { type: 'entry'; entry: StreamedEntry }
  | { type: 'round-done'; result: ConferenceRoundResult }
  | { type: 'round-failed'; error: string }
  | { type: 'closed' };

export const emptyConference: ConferenceState = { conference: null, cards: {}, rounds: [] };

/** The card an agent shows for an entry when the server sends none (the Chief is always Moderator). */
export function cardFor(entry: Pick<ConferenceEntry, 'agentId' | 'status'>): CardState {
  if (entry.agentId === CHIEF_ID) return 'Moderator';
  if (entry.status === 'abstained') return 'Abstained';
  if (entry.status === 'muted') return 'Muted';
  return 'Participant';
}

function doneRound(result: ConferenceRoundResult): ChatRound {
  return { round: result.round, message: result.message, status: 'done', phase: 2, lookups: result.toolExecutions, entries: result.entries, result, error: null };
}

/** A new round starts: nobody has answered yet, so abstentions from the last round are cleared. */
function resetForRound(cards: Record<string, CardState>): Record<string, CardState> {
  return Object.fromEntries(Object.entries(cards).map(([agentId, card]) => [agentId, card === 'Abstained' ? 'Participant' : card]));
}

function updateRunning(state: ConferenceState, update: (round: ChatRound) => ChatRound): ChatRound[] {
  return state.rounds.map((round) => (round.status === 'running' ? update(round) : round));
}

export function conferenceReducer(state: ConferenceState, action: ConferenceAction): ConferenceState {
  switch (action.type) {
    case 'loaded':
      return { conference: action.conference, cards: { ...action.conference.cards }, rounds: (action.conference.transcript ?? []).map(doneRound) };
    case 'roster-changed':
      // The server's cards for the new roster, but abstentions of the round on screen stay visible.
      return {
        ...state,
        conference: action.conference,
        cards: Object.fromEntries(
          action.conference.attendees.map((agentId) => {
            const server = action.conference.cards[agentId] ?? (agentId === CHIEF_ID ? 'Moderator' : 'Participant');
            return [agentId, server === 'Participant' && state.cards[agentId] === 'Abstained' ? 'Abstained' : server];
          }),
        ),
      };
    case 'round-started': {
      // A failed round never counted on the server, so numbering follows the server's count.
      const next = (state.conference?.rounds ?? 0) + 1;
      const round: ChatRound = { round: next, message: action.message, status: 'running', phase: 1, lookups: 0, entries: [], result: null, error: null };
      return { ...state, cards: resetForRound(state.cards), rounds: [...state.rounds, round] };
    }
    case 'phase':
      return { ...state, rounds: updateRunning(state, (round) => ({ ...round, phase: action.phase })) };
    case 'lookup':
      return { ...state, rounds: updateRunning(state, (round) => ({ ...round, lookups: round.lookups + 1 })) };
    case 'entry': {
      const { card, ...entry } = action.entry;
      return {
        ...state,
        cards: { ...state.cards, [entry.agentId]: card ?? cardFor(entry) },
        rounds: updateRunning(state, (round) => ({
          ...round,
          phase: 2,
          entries: [...round.entries.filter((existing) => existing.agentId !== entry.agentId), entry],
        })),
      };
    }
    case 'round-done': {
      const result = action.result;
      const rounds = state.rounds.some((round) => round.status === 'running')
        ? updateRunning(state, () => doneRound(result))
        : [...state.rounds, doneRound(result)];
      const conference = state.conference ? { ...state.conference, rounds: result.round } : state.conference;
      return { ...state, conference, cards: { ...state.cards, ...result.cards }, rounds };
    }
    case 'round-failed':
      return { ...state, rounds: updateRunning(state, (round) => ({ ...round, status: 'failed', error: action.error })) };
    case 'closed':
      return emptyConference;
  }
}
