export { ScriptedModel } from './scripted-model.js';
export type { ScriptedModelOptions } from './scripted-model.js';
export { findToolNonce, resolveStep } from './scripted-reply.js';
export type { ScriptedReply, ScriptedStep, ScriptedToolCall } from './scripted-reply.js';
export { replyToChunks, replyToCompletion } from './reply-to-wire.js';
export type { WireReplyOptions } from './reply-to-wire.js';
