export { startLoopbackModelServer } from './loopback-model-server.js';
export type {
  LoopbackRequestBody,
  LoopbackReply,
  LoopbackStep,
  LoopbackScript,
  RecordedModelRequest,
  LoopbackModelServerOptions,
  LoopbackModelServer,
} from './loopback-model-server.js';
export type { LoopbackServerEmulation, EmulatedServerKind } from './emulate-server.js';
