/** Test helpers for people embedding the harness: scripted models and in-memory stores arrive here. */
export { FsWorkspace, initWorkspace } from './adapters/fs-workspace/index.js';
