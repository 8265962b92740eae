import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpRoom, type McpServerOptions } from './create-mcp-server.js';

export interface StdioMcpOptions extends McpServerOptions {
  stdin: Readable;
  stdout: Writable;
  /** Stops serving (a signal to the process, say); calls under way still finish. */
  signal?: AbortSignal;
}

/**
 * Serves MCP over stdio (how Claude Desktop and LM Studio start a local server) until the client
 * closes stdin or the signal fires, then waits for calls under way, so every receipt a client was
 * promised is on disk before the workspace is closed.
 */
export async function serveMcpOverStdio(room: McpRoom, options: StdioMcpOptions): Promise<void> {
  const { server, idle } = createMcpServer(room, options);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport(options.stdin, options.stdout));
  const stop = (): void => {
    void server.close();
  };
  options.stdin.once('end', stop);
  options.stdin.once('close', stop);
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    await closed;
    await idle();
  } finally {
    options.stdin.off('end', stop);
    options.stdin.off('close', stop);
    options.signal?.removeEventListener('abort', stop);
  }
}
