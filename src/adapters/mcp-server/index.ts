export { createMcpServer } from './create-mcp-server.js';
export type { ControlRoomMcpServer, McpRoom, McpServerOptions } from './create-mcp-server.js';
export { McpHttpEndpoint } from './mcp-http-endpoint.js';
export type { McpHttpOptions } from './mcp-http-endpoint.js';
export { serveMcpOverStdio } from './serve-mcp-stdio.js';
export type { StdioMcpOptions } from './serve-mcp-stdio.js';
