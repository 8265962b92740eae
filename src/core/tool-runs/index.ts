export { runTool } from './run-tool.js';
export type { ToolRunScope, ToolRunDependencies, ToolRunResult } from './run-tool.js';
export { isTransientToolError } from './transient-tool-error.js';
