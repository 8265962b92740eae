export { DirectChat } from './direct-chat.js';
export { ChatReply } from './chat-reply.js';
export { stopHookMessage } from './chat-turn.js';
export type { ChatTurn, Conversation } from './chat-turn.js';
