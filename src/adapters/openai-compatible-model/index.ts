export { OpenAiCompatibleModel, DEFAULT_MODEL_TIMEOUT_MS } from './openai-compatible-model.js';
export type { OpenAiCompatibleModelOptions } from './openai-compatible-model.js';
export { probeModelServer, LOCAL_MODEL_SERVER_CANDIDATES } from './probe-model-server.js';
export type { ModelServerProbe } from './probe-model-server.js';
export { toWireRequest } from './to-wire-request.js';
export type { WireRequest } from './to-wire-request.js';
export { redactError, redactSecrets, secretsOf, REDACTED } from './redact-key.js';
