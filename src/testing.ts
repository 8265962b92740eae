/**
 * Test helpers for people embedding the harness: the same doubles our own tests use, so an agent
 * built on Control Room can be tested against a scripted model (in process, or behind a real
 * loopback HTTP server that speaks the OpenAI wire protocol) and in-memory stores.
 */
export { FsWorkspace, initWorkspace } from './adapters/fs-workspace/index.js';
export { InMemoryIssueStore, RecordingWorkspace, steppingClock } from './core/testing/index.js';
export type { WorkspaceCall } from './core/testing/index.js';
export { InMemoryTraceStore } from './core/traces/index.js';
export { ScriptedModel, findToolNonce } from './adapters/scripted-model/index.js';
export type { ScriptedReply, ScriptedStep, ScriptedToolCall, ScriptedModelOptions } from './adapters/scripted-model/index.js';
export { startLoopbackModelServer } from './adapters/loopback-model-server/index.js';
export type { LoopbackScript, LoopbackReply, LoopbackModelServer, RecordedModelRequest } from './adapters/loopback-model-server/index.js';
