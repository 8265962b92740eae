export { callMcpTool } from './call-mcp-tool.js';
export type { McpCaller, McpCallDependencies, McpCallOutcome } from './call-mcp-tool.js';
export { checkEvidenceTool } from './check-evidence-tool.js';
export type { CheckEvidenceToolOptions } from './check-evidence-tool.js';
export { mcpSessionId } from './mcp-session-id.js';
export { mcpToolListing } from './mcp-tool-list.js';
export type { McpToolListing } from './mcp-tool-list.js';
export { mcpToolRegistry } from './mcp-tool-registry.js';
export { refusedPathArg } from './refused-path-arg.js';
