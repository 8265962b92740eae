export { MODEL_SERVER_KINDS, LOCAL_SERVER_BASE_URLS, kindInfo, serverOrigin } from './server-kinds.js';
export type { ModelServerKind, ModelServerKindInfo } from './server-kinds.js';
export { identifyServer, ollamaModelContext, OLLAMA_DEFAULT_CONTEXT } from './identify-server.js';
export type { ServerFacts, ServerModel, IdentifyOptions } from './identify-server.js';
export { ServerAwareModel } from './server-aware-model.js';
export type { ModelServerInfo, ServerAwareModelOptions } from './server-aware-model.js';
export { ollamaChat, toOllamaChatBody, fromOllamaChatBody } from './ollama-chat.js';
export type { OllamaChatOptions } from './ollama-chat.js';
export { endpointModel } from './endpoint-model.js';
