import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { callMcpTool, mcpSessionId, mcpToolListing, mcpToolRegistry } from '../../core/mcp/index.js';
import type { AuditLog, Clock, Ids, TraceStore } from '../../core/ports/index.js';
import type { ReceiptLedger } from '../../core/receipts/index.js';
import type { SecretScrubber } from '../../core/secrets/index.js';
import type { ToolContext, ToolRegistry } from '../../core/tools/index.js';

/** What the MCP server uses of an opened workspace (an opened `ControlRoom` fits), named by port so no adapter depends on the composition root. */
export interface McpRoom {
  registry: ToolRegistry;
  toolContext: ToolContext;
  ledger: ReceiptLedger;
  clock: Clock;
  scrubber: SecretScrubber;
  auditLog: AuditLog;
  traces: TraceStore;
  ids: Ids;
}

export interface McpServerOptions {
  /** The package version, shown to clients. */
  version: string;
}

/** A server and a promise per call still running, so a closing process can wait for their receipts. */
export interface ControlRoomMcpServer {
  server: Server;
  /** Resolves once every call that has started has finished (its receipt and trace written). */
  idle(): Promise<void>;
}

/** What clients are told about the tools when they connect. */
const INSTRUCTIONS = [
  'Control Room serves a novelist\'s manuscript (Story/, Compendium/ and Canon.md) through read-only writing tools.',
  'Every tool run leaves a signed receipt; its id (rcpt_…) is in each result.',
  'Ground what you say about the manuscript in tool results and end the reply with one evidence line,',
  'e.g. Evidence: content | Story/Scenes/SCN-01.md | "the exact words" | receipt rcpt_…',
  'and check it with check_evidence before you answer.',
].join(' ');

/**
 * The writing tools as an MCP server (official SDK, low-level `Server`, so refusals carry our
 * codes rather than the SDK's own validation text). The session — `mcp-<client>` — follows the
 * name the client gave when it initialized, and each session has its registry with
 * `check_evidence` bound to that session's receipts.
 */
export function createMcpServer(room: McpRoom, options: McpServerOptions): ControlRoomMcpServer {
  const server = new Server(
    { name: 'control-room', title: 'Control Room', version: options.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  let bound: { sessionId: string; clientName: string; registry: ToolRegistry } | null = null;
  const session = () => {
    const clientName = server.getClientVersion()?.name ?? '';
    const sessionId = mcpSessionId(clientName);
    if (bound === null || bound.sessionId !== sessionId) {
      bound = { sessionId, clientName, registry: mcpToolRegistry(room.registry, { auditLog: room.auditLog, sessionId }) };
    }
    return bound;
  };
  const running = new Set<Promise<unknown>>();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpToolListing(session().registry) }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { sessionId, clientName, registry } = session();
    const call = callMcpTool(request.params.name, request.params.arguments ?? {}, { sessionId, clientName }, {
      tools: { registry, context: room.toolContext, ledger: room.ledger, clock: room.clock, scrubber: room.scrubber },
      traces: room.traces,
      scrubber: room.scrubber,
      ids: room.ids,
    });
    running.add(call);
    try {
      const outcome = await call;
      return { content: [{ type: 'text', text: outcome.text }], structuredContent: { ...outcome.structured }, isError: outcome.isError };
    } finally {
      running.delete(call);
    }
  });
  return {
    server,
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
