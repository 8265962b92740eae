import type { AppliedNormalisation } from '../../protocol/index.js';
import { unexpectedFailure } from './parse-tool-call.js';
import { checkTopLevelKeys, readCallFields } from './read-call-fields.js';
import { readSingleObject } from './read-single-object.js';
import { rejectToolCall, type ToolCallRejection } from './rejection.js';
import { attachKnownTool, checkNonce, validateCall, type ToolCallParseOptions } from './validate-call.js';

const TOOL_DECISION_KEYS = ['action', 'tool', 'args', 'nonce'] as const;
const FINAL_DECISION_KEYS = ['action', 'nonce'] as const;

/** What `parseDecision` returns: another call, the end of the tool phase, or a rejection. */
export type ParsedDecision =
  | { ok: true; action: 'tool'; tool: string; args: Record<string, unknown>; applied: AppliedNormalisation[] }
  | { ok: true; action: 'final'; applied: AppliedNormalisation[] }
  | ToolCallRejection;

function actionMissing(value: Record<string, unknown>): ToolCallRejection {
  const got = Object.hasOwn(value, 'action') ? ` not ${JSON.stringify(value.action)?.slice(0, 40)}` : '';
  const message = `The decision needs "action": "tool" (another call) or "final" (done),${got || ' and it is missing'}.`;
  return rejectToolCall('tool_call_invalid_format', message, [{ code: got ? 'invalid_value' : 'missing_key', message, path: ['action'] }]);
}

/** The decision without `tool` and `args` keys whose value is null. */
function withoutNullCallKeys(value: Record<string, unknown>): Record<string, unknown> {
  if (value.tool !== null && value.args !== null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key, item]) => !((key === 'tool' || key === 'args') && item === null)));
}

/**
 * Parses the decision JSON sent after a tool result: `{"action":"tool","tool","args","nonce"}` or
 * `{"action":"final","nonce"}`. Same checks, same order and same codes as `parseToolCall`; never throws.
 */
export function parseDecision(text: string, options: ToolCallParseOptions): ParsedDecision {
  try {
    const object = readSingleObject(text, options.tools);
    if (!object.ok) return object;
    const { value } = object;
    if (value.action === 'final') {
      // A final decision has no tool or args: keys, then the nonce, is all there is to check. Strict
      // structured outputs send every key, so `"tool": null` and `"args": null` count as absent.
      const keys = withoutNullCallKeys(value);
      return checkTopLevelKeys(keys, FINAL_DECISION_KEYS) ?? checkNonce(value.nonce, options) ?? { ok: true, action: 'final', applied: [] };
    }
    if (value.action !== 'tool') return actionMissing(value);
    const fields = readCallFields(value, TOOL_DECISION_KEYS);
    if ('ok' in fields) return attachKnownTool(fields, object.value.tool, options);
    const verdict = validateCall(fields, options);
    return verdict.ok ? { ...verdict, action: 'tool' } : verdict;
  } catch (error) {
    return unexpectedFailure(error);
  }
}

