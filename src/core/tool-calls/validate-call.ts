import type { AcceptedToolCall, ValidationIssue } from '../../protocol/index.js';
import type { z } from 'zod';
import { dropNullOptionals } from './drop-null-optionals.js';
import { normalizeArgKeys } from './normalize-arg-keys.js';
import type { CallFields } from './read-call-fields.js';
import { rejectToolCall, type ToolCallRejection } from './rejection.js';
import { resolveToolId } from './resolve-tool-id.js';
import type { ToolSchemaLookup } from './tool-schema-lookup.js';

/** What a turn gives the parser: its nonce, the registry, and optionally the tools it may call. */
export interface ToolCallParseOptions {
  nonce: string;
  tools: ToolSchemaLookup;
  allowedTools?: readonly string[];
}

const NONCE_HINT = 'Copy the value of the TOOL_NONCE line of the latest prompt exactly.';

/** Zod issues as path-level issues under `args`; an unknown-keys issue becomes one issue per key. */
function argIssues(error: z.ZodError, tool: string, schema: z.ZodObject): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    const path = ['args', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))];
    if (issue.code === 'unrecognized_keys') {
      const allowed = Object.keys(schema.shape).join(', ');
      for (const key of issue.keys) {
        issues.push({ code: issue.code, message: `Unknown argument ${JSON.stringify(key.slice(0, 80))} for ${tool}; its arguments are: ${allowed}.`, path: [...path, key] });
      }
    } else {
      issues.push({ code: issue.code, message: issue.message, path });
    }
  }
  return issues;
}

/**
 * Adds the registered tool a rejected call was aimed at, when its name resolves, so the retry
 * message can show that tool's schema. Runs on the rejection path only.
 */
export function attachKnownTool(rejection: ToolCallRejection, name: unknown, options: ToolCallParseOptions): ToolCallRejection {
  if (typeof name !== 'string') return rejection;
  const resolution = resolveToolId(name, options.tools, options.allowedTools);
  return resolution.ok ? { ...rejection, tool: resolution.id } : rejection;
}

/** Check (d): the nonce is exactly this turn's. An empty turn nonce accepts nothing, so `"nonce":""` never passes. */
export function checkNonce(nonce: unknown, options: ToolCallParseOptions): ToolCallRejection | undefined {
  if (typeof nonce === 'string' && options.nonce !== '' && nonce === options.nonce) return undefined;
  const message = nonce === undefined ? `The "nonce" key is missing. ${NONCE_HINT}` : `The nonce is not this turn's nonce. ${NONCE_HINT}`;
  return rejectToolCall('tool_call_nonce_invalid', message, [{ code: 'nonce_invalid', message, path: ['nonce'] }]);
}

/**
 * Checks (d) nonce, (e) tool id after aliases, (f) args against the tool's schema after key
 * normalisation (and nulls for optional arguments taken as absent, as strict outputs send them).
 */
export function validateCall(fields: CallFields, options: ToolCallParseOptions): AcceptedToolCall | ToolCallRejection {
  const nonceProblem = checkNonce(fields.nonce, options);
  if (nonceProblem) return attachKnownTool(nonceProblem, fields.tool, options);

  const resolution = resolveToolId(fields.tool, options.tools, options.allowedTools);
  if (!resolution.ok) {
    const why = resolution.reason === 'not_allowed' ? 'is not allowed for this request' : 'is not a registered tool';
    const message = `Tool ${JSON.stringify(fields.tool.slice(0, 128))} ${why}. Allowed tools: ${resolution.allowed.join(', ') || '(none)'}.`;
    return rejectToolCall('tool_call_unknown_tool', message, [{ code: 'unknown_tool', message, path: ['tool'] }]);
  }
  const { id: tool, schema } = resolution;
  const applied = resolution.alias ? [...fields.applied, resolution.alias] : fields.applied;

  const normalized = normalizeArgKeys(fields.args, schema);
  const withoutNulls = dropNullOptionals(normalized.args, schema);
  const parsed = schema.safeParse(withoutNulls.args);
  const issues = [...normalized.issues, ...(parsed.success ? [] : argIssues(parsed.error, tool, schema))];
  if (!parsed.success || issues.length > 0) {
    const summary = issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    return rejectToolCall('tool_call_invalid_args', `The arguments for ${tool} do not match its schema: ${summary}`, issues, tool);
  }
  const extra = [...normalized.applied, ...withoutNulls.applied];
  const allApplied = extra.length === 0 ? applied : [...applied, ...extra];
  return { ok: true, tool, args: parsed.data as Record<string, unknown>, applied: allApplied };
}
