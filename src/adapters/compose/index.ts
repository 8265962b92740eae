export { openControlRoom } from './open-control-room.js';
export type { ControlRoom, OpenControlRoomOptions, ModelFactory } from './open-control-room.js';
