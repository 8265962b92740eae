/** Control Room as a library: the protocol, the core use cases and the Node adapters. */
export * from './protocol/index.js';
export type { Workspace } from './core/ports/index.js';
export { normalizeVfsPath, requireVfsPath, classifyVfsPath, pickOutline, splitLines, parseLineRange, sliceLines } from './core/vfs/index.js';
export { defaultAgentsFile, defaultAgentEndpointsFile } from './core/agents/index.js';
export { FsWorkspace, initWorkspace } from './adapters/fs-workspace/index.js';
