import { MCP_HTTP_PATH } from '../../protocol/index.js';
import type { McpHttpEndpoint } from '../../adapters/mcp-server/index.js';
import type { ServerApp } from '../server-app.js';
import type { ServerContext } from '../server-context.js';

/**
 * `/mcp`: the writing tools over the Model Context Protocol (streamable HTTP), for clients that
 * reach the running server instead of starting `control-room mcp`. It sits behind the same
 * request guard and bearer token as the API; every call leaves a receipt in `mcp-<client>`. The
 * MCP SDK is loaded on the first request, so a server nobody connects to never pays for it.
 *
 * It is the one route outside the OpenAPI document: its bodies are MCP's JSON-RPC messages, whose
 * contract is the protocol's own schema (and the tool list a client asks for with `tools/list`),
 * not operations of this API.
 */
export function registerMcpRoute(app: ServerApp, context: ServerContext, options: { maxBodyBytes: number }): void {
  let endpoint: Promise<McpHttpEndpoint> | null = null;
  const open = (): Promise<McpHttpEndpoint> =>
    (endpoint ??= import('../../adapters/mcp-server/index.js').then(
      ({ McpHttpEndpoint: Endpoint }) => new Endpoint(context.room, { version: context.deps.version, maxBodyBytes: options.maxBodyBytes }),
    ));
  app.all(MCP_HTTP_PATH, async (c) => (await open()).handle(c.req.raw));
}
