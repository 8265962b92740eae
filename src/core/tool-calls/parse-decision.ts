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
  | { ok: true; action: 'final'; applied: AppliedNormalisation[]; answer?: string }
  | ToolCallRejection;

export interface DecisionParseOptions extends ToolCallParseOptions {
  /**
   * A 1:1 turn lets the model finish with its answer: `final` may carry `"answer": "<text>"`, so
   * the turn needs no separate answer call. Strict structured outputs send every key, so
   * `"answer": null` counts as absent on either action. Off, `answer` is an unknown key as before.
   */
  allowAnswer?: boolean;
}

function actionMissing(value: Record<string, unknown>): ToolCallRejection {
  const got = Object.hasOwn(value, 'action') ? ` not ${JSON.stringify(value.action)?.slice(0, 40)}` : '';
  const message = `The decision needs "action": "tool" (another call) or "final" (done),${got || ' and it is missing'}.`;
  return rejectToolCall('tool_call_invalid_format', message, [{ code: got ? 'invalid_value' : 'missing_key', message, path: ['action'] }]);
}

/** The decision without the listed keys where their value is null. */
function withoutNullKeys(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  if (keys.every((key) => value[key] !== null)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key, item]) => !(keys.includes(key) && item === null)));
}

function answerNotText(value: unknown): ToolCallRejection {
  const message = `"answer" must be your reply to the writer as one JSON string, not ${value === undefined ? 'missing' : typeof value}.`;
  return rejectToolCall('tool_call_invalid_format', message, [{ code: 'invalid_type', message, path: ['answer'] }]);
}

/** A final decision's keys and nonce; its answer when the turn allows one. */
function parseFinal(value: Record<string, unknown>, options: DecisionParseOptions): ParsedDecision {
  // A final decision has no tool or args: keys, then the nonce, is all there is to check. Strict
  // structured outputs send every key, so `"tool": null` and `"args": null` count as absent.
  const keys = withoutNullKeys(value, options.allowAnswer ? ['tool', 'args', 'answer'] : ['tool', 'args']);
  if (!options.allowAnswer || !Object.hasOwn(keys, 'answer')) {
    return checkTopLevelKeys(keys, FINAL_DECISION_KEYS) ?? checkNonce(value.nonce, options) ?? { ok: true, action: 'final', applied: [] };
  }
  const { answer, ...rest } = keys;
  const refused = checkTopLevelKeys(rest, FINAL_DECISION_KEYS) ?? checkNonce(value.nonce, options) ?? (typeof answer === 'string' ? undefined : answerNotText(answer));
  if (refused) return refused;
  const text = (answer as string).trim();
  return text === '' ? { ok: true, action: 'final', applied: [] } : { ok: true, action: 'final', applied: [], answer: text };
}

/**
 * Parses the decision JSON sent after a tool result: `{"action":"tool","tool","args","nonce"}` or
 * `{"action":"final","nonce"}` (with `"answer"` when allowed). Same checks, same order and same
 * codes as `parseToolCall`; never throws.
 */
export function parseDecision(text: string, options: DecisionParseOptions): ParsedDecision {
  try {
    const object = readSingleObject(text, options.tools);
    if (!object.ok) return object;
    const value = options.allowAnswer && object.value.action === 'tool' ? withoutNullKeys(object.value, ['answer']) : object.value;
    if (value.action === 'final') return parseFinal(value, options);
    if (value.action !== 'tool') return actionMissing(value);
    const fields = readCallFields(value, TOOL_DECISION_KEYS);
    if ('ok' in fields) return attachKnownTool(fields, object.value.tool, options);
    const verdict = validateCall(fields, options);
    return verdict.ok ? { ...verdict, action: 'tool' } : verdict;
  } catch (error) {
    return unexpectedFailure(error);
  }
}

