import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer, type ControlRoomMcpServer, type McpRoom, type McpServerOptions } from './create-mcp-server.js';

export interface McpHttpOptions extends McpServerOptions {
  /** Most sessions kept at once; the least recently used is closed to make room (default 64). */
  maxSessions?: number;
  /** A session unused this long is closed when the next one starts (default one hour). */
  idleMs?: number;
  /** Largest request body read, in bytes (default 1 MiB, as the API). */
  maxBodyBytes?: number;
  now?: () => number;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  mcp: ControlRoomMcpServer;
  lastUsed: number;
}

function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * MCP over streamable HTTP (official SDK transport, web-standard Request → Response), one server
 * per client session. Answers are plain JSON, never a held-open stream, and the server sends no
 * requests of its own, so GET (a stream for server messages) is not offered: 405, as the
 * transport spec allows.
 */
export class McpHttpEndpoint {
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly room: McpRoom,
    private readonly options: McpHttpOptions,
  ) {
    this.maxSessions = options.maxSessions ?? 64;
    this.idleMs = options.idleMs ?? 60 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  /** Answers one request to the MCP endpoint. */
  async handle(request: Request): Promise<Response> {
    if (request.method === 'GET') return jsonRpcError(405, -32000, 'Method not allowed: this server sends no messages of its own; POST requests.', { allow: 'POST, DELETE' });
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = this.sessions.get(sessionId);
      if (!session) return jsonRpcError(404, -32001, 'Session not found: it ended or the server restarted. Initialize again.');
      session.lastUsed = this.now();
      return session.transport.handleRequest(request);
    }
    return this.open(request);
  }

  /** A request without a session: only an initialize request starts one; anything else is answered and forgotten. */
  private async open(request: Request): Promise<Response> {
    this.makeRoom();
    const mcp = createMcpServer(this.room, this.options);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      maxRequestBodySize: this.options.maxBodyBytes ?? 1024 * 1024,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, mcp, lastUsed: this.now() });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    await mcp.server.connect(transport);
    const response = await transport.handleRequest(request);
    if (transport.sessionId === undefined) await mcp.server.close();
    return response;
  }

  /** Closes sessions idle too long, then the least recently used while there is no room. */
  private makeRoom(): void {
    const now = this.now();
    const byAge = [...this.sessions.entries()].sort((left, right) => left[1].lastUsed - right[1].lastUsed);
    for (const [id, session] of byAge) {
      if (now - session.lastUsed < this.idleMs && this.sessions.size < this.maxSessions) break;
      this.sessions.delete(id);
      void session.mcp.server.close();
    }
  }

  /** Ends every session after its calls under way have finished. */
  async close(): Promise<void> {
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(open.map(async (session) => {
      await session.mcp.idle();
      await session.mcp.server.close();
    }));
  }
}
