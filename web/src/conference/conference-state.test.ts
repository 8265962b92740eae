import { describe, expect, it } from 'vitest';
import type { Conference, ConferenceEntry, ConferenceRoundResult } from '../api/index.js';
import { conferenceReducer, emptyConference, type ConferenceAction, type ConferenceState } from './conference-state.js';

const conference: Conference = {
  id: 'conf-1',
  attendees: ['chief', 'editor', 'continuity', 'line-editor'],
  rounds: 0,
  cards: { chief: 'Moderator', editor: 'Participant', continuity: 'Participant', 'line-editor': 'Participant' },
};

const entry = (agentId: string, status: ConferenceEntry['status']): ConferenceEntry => ({
  agentId,
  status,
  content: status === 'abstained' ? null : `${agentId} says something.`,
  evidence: null,
  report: null,
  issues: [],
  retried: false,
});

function result(round: number, entries: ConferenceEntry[], message: string): ConferenceRoundResult {
  return {
    conferenceId: 'conf-1', round, issueId: `issue-${round}`, toolExecutions: 1, receipts: ['rcpt_aaaaaaaaaaaa'], entries, message,
    cards: { chief: 'Moderator', editor: 'Participant', continuity: 'Participant', 'line-editor': 'Abstained' },
    rejections: [], stopHook: null, traceRoundId: `trace-${round}`, notice: null, stateIn: 'default', stateOut: 'default', audioId: null,
  };
}

const run = (actions: ConferenceAction[], from: ConferenceState = emptyConference): ConferenceState => actions.reduce(conferenceReducer, from);

describe('conferenceReducer', () => {
  it('shows entries as they stream in and turns an abstaining card yellow', () => {
    const state = run([
      { type: 'loaded', conference },
      { type: 'round-started', message: 'Is Hester consistent?' },
      { type: 'entry', entry: { ...entry('chief', 'responded'), card: 'Moderator' } },
      { type: 'entry', entry: { ...entry('line-editor', 'abstained'), card: 'Abstained' } },
    ]);
    expect(state.rounds).toHaveLength(1);
    expect(state.rounds[0]).toMatchObject({ round: 1, status: 'running', phase: 2, message: 'Is Hester consistent?' });
    expect(state.rounds[0]!.entries.map((item) => item.agentId)).toEqual(['chief', 'line-editor']);
    expect(state.cards['line-editor']).toBe('Abstained');
    expect(state.cards['chief']).toBe('Moderator');
  });

  it('derives the card when an entry comes without one', () => {
    const state = run([{ type: 'loaded', conference }, { type: 'round-started', message: 'x' }, { type: 'entry', entry: entry('editor', 'abstained') }]);
    expect(state.cards['editor']).toBe('Abstained');
  });

  it('keeps every round on screen and clears last round’s abstentions when a new one starts', () => {
    const first = result(1, [entry('chief', 'responded'), entry('line-editor', 'abstained')], 'First question');
    const state = run([
      { type: 'loaded', conference },
      { type: 'round-started', message: 'First question' },
      { type: 'round-done', result: first },
      { type: 'round-started', message: 'Second question' },
    ]);
    expect(state.rounds.map((round) => [round.round, round.status, round.message])).toEqual([
      [1, 'done', 'First question'],
      [2, 'running', 'Second question'],
    ]);
    expect(state.cards['line-editor']).toBe('Participant');
    expect(state.conference?.rounds).toBe(1);
  });

  it('rebuilds the whole chat from a loaded transcript', () => {
    const state = run([{ type: 'loaded', conference: { ...conference, rounds: 2, transcript: [result(1, [], 'one'), result(2, [], 'two')] } }]);
    expect(state.rounds.map((round) => [round.round, round.message, round.status])).toEqual([
      [1, 'one', 'done'],
      [2, 'two', 'done'],
    ]);
  });

  it('numbers the next round after a failed one by the server’s count', () => {
    const state = run([
      { type: 'loaded', conference },
      { type: 'round-started', message: 'x' },
      { type: 'round-failed', error: 'The model server cannot be reached.' },
      { type: 'round-started', message: 'y' },
    ]);
    expect(state.rounds.map((round) => [round.round, round.status])).toEqual([
      [1, 'failed'],
      [1, 'running'],
    ]);
    expect(state.rounds[0]!.error).toBe('The model server cannot be reached.');
  });

  it('takes the server’s cards after a roster change but keeps abstentions on screen', () => {
    const before = run([{ type: 'loaded', conference }, { type: 'round-started', message: 'x' }, { type: 'entry', entry: entry('line-editor', 'abstained') }]);
    const after = conferenceReducer(before, {
      type: 'roster-changed',
      conference: { ...conference, attendees: ['chief', 'continuity', 'line-editor'], cards: { chief: 'Moderator', continuity: 'Muted', 'line-editor': 'Participant' } },
    });
    expect(after.cards).toEqual({ chief: 'Moderator', continuity: 'Muted', 'line-editor': 'Abstained' });
    expect(after.rounds).toHaveLength(1);
  });
});
