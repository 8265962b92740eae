import { ControlRoomError, type Agent, type ConferenceRecord } from '../../protocol/index.js';
import type { Clock, Ids } from '../ports/index.js';
import type { ConferenceStore } from './conference-store.js';
import { inviteAttendees, newConferenceRecord, removeAttendee, setAttendeeMuted } from './conference-roster.js';

/** What managing a conference's roster needs. */
export interface ConferenceRosterDependencies {
  conferences: ConferenceStore;
  agents: readonly Agent[];
  clock: Clock;
  ids: Ids;
}

/** Starts a conference with these attendees (the Chief is added first); the id is minted unless given. */
export async function createConference(input: { attendees: readonly string[]; id?: string }, deps: ConferenceRosterDependencies): Promise<ConferenceRecord> {
  const record = newConferenceRecord({ id: input.id ?? `conf-${deps.ids.uuidv7()}`, attendees: input.attendees, agents: deps.agents, nowIso: deps.clock.nowIso() });
  return deps.conferences.create(record);
}

/** The conference, or `conference_not_found`. */
export async function requireConference(id: string, conferences: ConferenceStore): Promise<ConferenceRecord> {
  const record = await conferences.get(id);
  if (!record) throw new ControlRoomError('conference_not_found', `No conference ${id}. Start one with \`control-room conference "<message>" --agents …\`.`);
  return record;
}

/** Invites more agents between rounds. */
export async function inviteToConference(id: string, agentIds: readonly string[], deps: ConferenceRosterDependencies): Promise<ConferenceRecord> {
  const record = await requireConference(id, deps.conferences);
  return deps.conferences.update(inviteAttendees(record, agentIds, deps.agents, deps.clock.nowIso()));
}

/** Removes an attendee between rounds; the Chief cannot be removed (`chief_not_removable`). */
export async function removeFromConference(id: string, agentId: string, deps: ConferenceRosterDependencies): Promise<ConferenceRecord> {
  const record = await requireConference(id, deps.conferences);
  return deps.conferences.update(removeAttendee(record, agentId, deps.clock.nowIso()));
}

/** Mutes or unmutes an attendee for this conference. */
export async function muteInConference(id: string, agentId: string, muted: boolean, deps: ConferenceRosterDependencies): Promise<ConferenceRecord> {
  const record = await requireConference(id, deps.conferences);
  return deps.conferences.update(setAttendeeMuted(record, agentId, muted, deps.clock.nowIso()));
}
