export { ConferencePanel } from './conference-panel.js';
export { AttendeeCard } from './attendee-card.js';
export { AttendeeRoster } from './attendee-roster.js';
export { ChatEntry } from './chat-entry.js';
export { ConferenceRound } from './conference-round.js';
export { StartConference } from './start-conference.js';
export { CHIEF_ID, cardFor, conferenceReducer, emptyConference } from './conference-state.js';
export type { ChatRound, ConferenceAction, ConferenceState } from './conference-state.js';
