import { TOOL_NONCE_LINE_PREFIX } from '../../protocol/index.js';
import type { RejectedToolCall } from '../../protocol/index.js';
import { allowedToolIds } from './resolve-tool-id.js';
import { argsJsonSchemaFor } from './response-format.js';
import type { ToolSchemaLookup } from './tool-schema-lookup.js';

export interface RetryMessageOptions {
  nonce: string;
  tools: ToolSchemaLookup;
  allowedTools?: readonly string[];
  /** Which reply was rejected: the first call of a turn, or a decision after a tool result. */
  step?: 'envelope' | 'decision';
  /** The tool the call was aimed at, when the caller knows it better than the rejection does. */
  tool?: string;
}

/** Enough issues to fix the call; a flood of them would only drown the schema. */
const MAX_LISTED_ISSUES = 12;

/**
 * The one structured retry message after a rejection (SPEC §4 repair policy): the code, the
 * path-level issues, the JSON Schema of the tool's args when the tool is known, the allowed tool
 * names, the shape to send, and the `TOOL_NONCE` line again.
 */
export function buildRetryMessage(rejection: RejectedToolCall & { tool?: string }, options: RetryMessageOptions): string {
  const allowed = allowedToolIds(options.tools, options.allowedTools);
  const lines = [`Your reply was not executed: ${rejection.code}.`, rejection.message];

  if (rejection.issues.length > 0) {
    lines.push('', 'Issues:');
    for (const issue of rejection.issues.slice(0, MAX_LISTED_ISSUES)) {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
      lines.push(`- ${where}: ${issue.message} [${issue.code}]`);
    }
    if (rejection.issues.length > MAX_LISTED_ISSUES) lines.push(`- … and ${rejection.issues.length - MAX_LISTED_ISSUES} more`);
  }

  const tool = options.tool ?? rejection.tool;
  const schema = tool !== undefined && allowed.includes(tool) ? options.tools.schemaFor(tool) : undefined;
  if (tool !== undefined && schema) {
    lines.push('', `Arguments of ${tool} (JSON Schema):`, JSON.stringify(argsJsonSchemaFor(schema)));
  }

  lines.push('', `Allowed tools: ${allowed.join(', ') || '(none)'}.`, '', 'Reply with exactly one JSON object and nothing else: no prose, no code fence.');
  const nonce = JSON.stringify(options.nonce);
  if (options.step === 'decision') {
    lines.push(`Another call: {"action":"tool","tool":"<tool id>","args":{…},"nonce":${nonce}}`, `Or, when done: {"action":"final","nonce":${nonce}}`);
  } else {
    lines.push(`{"tool":"<tool id>","args":{…},"nonce":${nonce}}`);
  }
  lines.push(`${TOOL_NONCE_LINE_PREFIX}${options.nonce}`);
  return lines.join('\n');
}
