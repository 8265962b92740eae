/**
 * The writing tools over the Model Context Protocol (SPEC §16): what an outside client (Claude
 * Desktop, LM Studio, Cursor, any agent) sends and gets back. Every call runs through the same
 * registry, path checks and budgets as the tool loop and leaves a signed receipt in the client's
 * own session, `mcp-<client>`.
 */
import { z } from 'zod';
import type { ValidationIssue } from './tool-calls.js';

/** The tool, offered only over MCP, that checks a reply's evidence line the way the harness does. */
export const CHECK_EVIDENCE_TOOL_ID = 'check_evidence';

/** Where the local server serves MCP over streamable HTTP, behind the API's Host/Origin guard and token. */
export const MCP_HTTP_PATH = '/mcp';

/** Session ids of MCP clients start with this, then the client's name as a slug (`mcp-claude-ai`). */
export const MCP_SESSION_PREFIX = 'mcp-';

/** Arguments of `check_evidence`: the reply (or the evidence line alone) and whose role applies. */
export const CheckEvidenceArgsSchema = z.strictObject({
  reply: z
    .string()
    .min(1)
    .max(64 * 1024)
    .describe('the reply to check, ending with its one evidence line (or the evidence line alone), e.g. Evidence: content | Story/Scenes/SCN-01.md | "the exact words" | receipt rcpt_…'),
  agent_id: z.string().min(1).max(80).optional().describe("an agent whose role's evidence sources apply (e.g. continuity); none by default"),
});
export type CheckEvidenceArgs = z.infer<typeof CheckEvidenceArgsSchema>;

/**
 * What a tool call returns as structured content (and, as JSON, as its text). A result over the
 * step budget carries an excerpt with the sha256 and size of the whole instead of `result`.
 */
export interface McpToolSuccess {
  /** The signed receipt of this run (`rcpt_…`): cite it in an evidence line. */
  receipt_id: string;
  /** The session the receipt belongs to (`mcp-<client>`); `check_evidence` checks against it. */
  session_id: string;
  status: 'ok';
  result?: Record<string, unknown>;
  truncated?: true;
  full_size?: number;
  sha256?: string;
  excerpt?: string;
}

/**
 * A refused or failed call (an MCP tool error). Refusals — bad arguments, a path outside the
 * workspace, an unknown tool — run nothing and have no receipt; a tool that ran and failed has one.
 */
export interface McpToolFailure {
  error: { code: string; message: string; issues?: ValidationIssue[] };
  session_id: string;
  receipt_id?: string;
  status?: string;
}
