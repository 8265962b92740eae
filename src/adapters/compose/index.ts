export { openControlRoom } from './open-control-room.js';
export type { ControlRoom, OpenControlRoomOptions, ModelFactory } from './open-control-room.js';
export { openConferenceServices } from './open-conference-services.js';
export { chatReplyValidator } from './chat-reply-validator.js';
export type { ConferenceServices } from './open-conference-services.js';
