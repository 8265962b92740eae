import { MCP_HTTP_PATH } from '../../protocol/index.js';
import { McpHttpEndpoint } from '../../adapters/mcp-server/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';

/**
 * `/mcp`: the writing tools over the Model Context Protocol (streamable HTTP), for clients that
 * reach the running server instead of starting `control-room mcp`. It sits behind the same
 * request guard and bearer token as the API; every call leaves a receipt in `mcp-<client>`.
 */
export function registerMcpRoute(app: ServerApp, context: ServerContext, options: { maxBodyBytes: number }): McpHttpEndpoint {
  const endpoint = new McpHttpEndpoint(context.room, { version: context.deps.version, maxBodyBytes: options.maxBodyBytes });
  app.all(MCP_HTTP_PATH, (c) => endpoint.handle(c.req.raw));
  return endpoint;
}
