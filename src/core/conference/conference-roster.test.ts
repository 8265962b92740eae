import { describe, expect, it } from 'vitest';
import { CHIEF_AGENT_ID } from '../../protocol/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { inviteAttendees, newConferenceRecord, orderAttendees, removeAttendee, roundSeats, setAttendeeMuted } from './conference-roster.js';

const agents = defaultAgentsFile().agents;
const NOW = '2025-03-01T10:00:00.000Z';
const LATER = '2025-03-01T11:00:00.000Z';

describe('orderAttendees', () => {
  it('adds the Chief first and orders the rest by the roster, dropping repeats', () => {
    expect(orderAttendees(['story-architect', 'editor', 'editor'], agents)).toEqual([CHIEF_AGENT_ID, 'editor', 'story-architect']);
    expect(orderAttendees([], agents)).toEqual([CHIEF_AGENT_ID]);
  });

  it('refuses unknown agents and names the ones there are', () => {
    expect(() => orderAttendees(['editor', 'poet'], agents)).toThrow(expect.objectContaining({ code: 'agent_not_found', message: expect.stringContaining('"poet"') }));
    expect(() => orderAttendees(['editor'], agents.filter((agent) => agent.id !== CHIEF_AGENT_ID))).toThrow(expect.objectContaining({ code: 'agent_not_found' }));
  });
});

describe('conference records', () => {
  const record = newConferenceRecord({ id: 'conf-1', attendees: ['continuity', 'editor'], agents, nowIso: NOW });

  it('starts with the Chief, no mutes and no rounds', () => {
    expect(record).toEqual({ schema_version: 1, id: 'conf-1', attendees: ['chief', 'editor', 'continuity'], muted: [], rounds: 0, createdAt: NOW, updatedAt: NOW });
  });

  it('invites, removes and mutes between rounds', () => {
    const invited = inviteAttendees(record, ['line-editor', 'editor'], agents, LATER);
    expect(invited).toMatchObject({ attendees: ['chief', 'editor', 'continuity', 'line-editor'], updatedAt: LATER });
    const muted = setAttendeeMuted(invited, 'continuity', true, LATER);
    expect(muted.muted).toEqual(['continuity']);
    expect(setAttendeeMuted(muted, 'continuity', false, LATER).muted).toEqual([]);
    const removed = removeAttendee(muted, 'continuity', LATER);
    expect(removed).toMatchObject({ attendees: ['chief', 'editor', 'line-editor'], muted: [] });
  });

  it('refuses to remove or mute the Chief, or to touch a stranger', () => {
    expect(() => removeAttendee(record, CHIEF_AGENT_ID, LATER)).toThrow(expect.objectContaining({ code: 'chief_not_removable' }));
    expect(() => setAttendeeMuted(record, CHIEF_AGENT_ID, true, LATER)).toThrow(expect.objectContaining({ code: 'chief_not_mutable' }));
    expect(() => removeAttendee(record, 'line-editor', LATER)).toThrow(expect.objectContaining({ code: 'attendee_not_found' }));
  });
});

describe('roundSeats', () => {
  it('marks muted attendees (in agents.json or in the conference), never the Chief, and skips deleted agents', () => {
    const roster = agents.map((agent) => (agent.id === 'editor' || agent.id === CHIEF_AGENT_ID ? { ...agent, muted: true } : agent));
    const record = { ...newConferenceRecord({ id: 'c', attendees: ['editor', 'continuity', 'line-editor'], agents, nowIso: NOW }), muted: ['line-editor'] };
    const seats = roundSeats(record, roster.filter((agent) => agent.id !== 'continuity'));
    expect(seats.map((seat) => [seat.agent.id, seat.muted])).toEqual([
      ['chief', false],
      ['editor', true],
      ['line-editor', true],
    ]);
  });
});
