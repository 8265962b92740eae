import { CHIEF_AGENT_ID, CONFERENCE_SCHEMA_VERSION, ControlRoomError, type Agent, type ConferenceRecord } from '../../protocol/index.js';

/** An attendee as a round sees it. */
export interface RoundSeat {
  agent: Agent;
  /** Skipped this round: muted in agents.json or in this conference. The Chief never is. */
  muted: boolean;
}

function agentById(agents: readonly Agent[]): Map<string, Agent> {
  return new Map(agents.map((agent) => [agent.id, agent]));
}

function requireChief(known: Map<string, Agent>): Agent {
  const chief = known.get(CHIEF_AGENT_ID);
  if (!chief) {
    throw new ControlRoomError(
      'agent_not_found',
      `The Chief of Staff ("${CHIEF_AGENT_ID}") is missing from .control-room/agents/agents.json; every conference needs it. Add it back to the roster.`,
    );
  }
  return chief;
}

/**
 * Attendee ids in roster order: the Chief first (always invited), then by the agents' `order`.
 * Unknown ids are refused with `agent_not_found`, naming the agents there are; repeats are dropped.
 */
export function orderAttendees(agentIds: readonly string[], agents: readonly Agent[]): string[] {
  const known = agentById(agents);
  requireChief(known);
  const unknown = agentIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ControlRoomError('agent_not_found', `No agent ${unknown.map((id) => `"${id}"`).join(', ')}. Agents: ${agents.map((agent) => agent.id).join(', ')}.`);
  }
  const others = [...new Set(agentIds)].filter((id) => id !== CHIEF_AGENT_ID).map((id) => known.get(id)!);
  others.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  return [CHIEF_AGENT_ID, ...others.map((agent) => agent.id)];
}

/** A new conference record with the Chief auto-invited first. */
export function newConferenceRecord(input: { id: string; attendees: readonly string[]; agents: readonly Agent[]; nowIso: string }): ConferenceRecord {
  return {
    schema_version: CONFERENCE_SCHEMA_VERSION,
    id: input.id,
    attendees: orderAttendees(input.attendees, input.agents),
    muted: [],
    rounds: 0,
    createdAt: input.nowIso,
    updatedAt: input.nowIso,
  };
}

/** The record with more attendees (between rounds); agents already there are kept as they are. */
export function inviteAttendees(record: ConferenceRecord, agentIds: readonly string[], agents: readonly Agent[], nowIso: string): ConferenceRecord {
  return { ...record, attendees: orderAttendees([...record.attendees.filter((id) => agentById(agents).has(id)), ...agentIds], agents), updatedAt: nowIso };
}

/** The record without an attendee. The Chief cannot leave (`chief_not_removable`, HTTP 409). */
export function removeAttendee(record: ConferenceRecord, agentId: string, nowIso: string): ConferenceRecord {
  if (agentId === CHIEF_AGENT_ID) {
    throw new ControlRoomError('chief_not_removable', 'The Chief of Staff moderates every conference and cannot be removed. Mute or remove another attendee instead.');
  }
  if (!record.attendees.includes(agentId)) {
    throw new ControlRoomError('attendee_not_found', `"${agentId}" is not an attendee of conference ${record.id}. Attendees: ${record.attendees.join(', ')}.`);
  }
  return { ...record, attendees: record.attendees.filter((id) => id !== agentId), muted: record.muted.filter((id) => id !== agentId), updatedAt: nowIso };
}

/** The record with an attendee muted or unmuted; muted attendees stay on the roster but are skipped. */
export function setAttendeeMuted(record: ConferenceRecord, agentId: string, muted: boolean, nowIso: string): ConferenceRecord {
  if (agentId === CHIEF_AGENT_ID) {
    throw new ControlRoomError('chief_not_mutable', 'The Chief of Staff runs the lookups of every round and cannot be muted.');
  }
  if (!record.attendees.includes(agentId)) {
    throw new ControlRoomError('attendee_not_found', `"${agentId}" is not an attendee of conference ${record.id}. Attendees: ${record.attendees.join(', ')}.`);
  }
  const others = record.muted.filter((id) => id !== agentId);
  return { ...record, muted: muted ? [...others, agentId] : others, updatedAt: nowIso };
}

/**
 * The seats of a round, in roster order with the Chief first. Attendees whose agent has since been
 * deleted from agents.json are left out: there is no one to ask.
 */
export function roundSeats(record: ConferenceRecord, agents: readonly Agent[]): RoundSeat[] {
  const known = agentById(agents);
  const chief = requireChief(known);
  const seats: RoundSeat[] = [{ agent: chief, muted: false }];
  for (const id of orderAttendees(record.attendees.filter((attendee) => known.has(attendee)), agents).slice(1)) {
    const agent = known.get(id)!;
    seats.push({ agent, muted: agent.muted || record.muted.includes(id) });
  }
  return seats;
}
