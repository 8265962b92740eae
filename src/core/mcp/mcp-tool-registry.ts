import type { AuditLog } from '../ports/index.js';
import { ToolRegistry } from '../tools/index.js';
import { checkEvidenceTool } from './check-evidence-tool.js';

/**
 * The tools an MCP session offers: the writing tools of the workspace's registry, then
 * `check_evidence` over the session's own receipts. One registry per session, so the evidence
 * check always reads the log its caller's receipts are in.
 */
export function mcpToolRegistry(writingTools: ToolRegistry, options: { auditLog: AuditLog; sessionId: string }): ToolRegistry {
  return new ToolRegistry([...writingTools.definitions(), checkEvidenceTool(options)]);
}
