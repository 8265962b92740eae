import type { AppliedNormalisation, ValidationIssue } from '../../protocol/index.js';
import { duplicateKeyRejection, isPlainObject } from './read-single-object.js';
import { rejectToolCall, type ToolCallRejection } from './rejection.js';

/** The fields of a call after check (c): the tool name as given, object args, the nonce unchecked. */
export interface CallFields {
  tool: string;
  args: Record<string, unknown>;
  nonce: unknown;
  applied: AppliedNormalisation[];
}

/** Keys models put where ours belong; named in the message so the retry can fix them. */
const KEY_HINTS: Readonly<Record<string, string>> = {
  name: 'tool',
  tool_name: 'tool',
  tool_id: 'tool',
  function: 'tool',
  arguments: 'args',
  parameters: 'args',
  params: 'args',
  input: 'args',
  tool_nonce: 'nonce',
  type: 'action',
};

const quoted = (key: string): string => JSON.stringify(key);

function listKeys(keys: readonly string[]): string {
  const shown = keys.map(quoted);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** Accepts object args, or a string that holds exactly one JSON object (a common drift). */
function readArgs(value: unknown): { args: Record<string, unknown>; fromString: boolean } | ToolCallRejection | undefined {
  if (isPlainObject(value)) return { args: value, fromString: false };
  if (typeof value !== 'string') return undefined;
  const duplicate = duplicateKeyRejection(value, 'args');
  if (duplicate) return duplicate;
  try {
    const parsed: unknown = JSON.parse(value);
    return isPlainObject(parsed) ? { args: parsed, fromString: true } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Check (c), first half: exactly the expected top-level keys. A missing `nonce` is left to check (d)
 * so it gets the nonce code; `expected` lists the keys of this shape, e.g. tool, args, nonce.
 */
export function checkTopLevelKeys(value: Record<string, unknown>, expected: readonly string[]): ToolCallRejection | undefined {
  const keys = Object.keys(value);
  // Hot path without allocations: every key expected, and all of them there (or all but the nonce).
  if (keys.length <= expected.length && keys.length >= expected.length - 1 && keys.every((key) => expected.includes(key))) {
    if (keys.length === expected.length || !Object.hasOwn(value, 'nonce')) return undefined;
  }
  const unknown = keys.filter((key) => !expected.includes(key));
  const missing = expected.filter((key) => key !== 'nonce' && !Object.hasOwn(value, key));
  if (unknown.length === 0 && missing.length === 0) return undefined;
  const issues: ValidationIssue[] = [
    ...unknown.map((key) => {
      const hint = KEY_HINTS[key.toLowerCase()];
      const instead = hint && expected.includes(hint) ? `; use ${quoted(hint)}` : '';
      return { code: 'unrecognized_key', message: `Unknown top-level key ${quoted(key.slice(0, 80))}${instead}.`, path: [key] };
    }),
    ...missing.map((key) => ({ code: 'missing_key', message: `Missing top-level key ${quoted(key)}.`, path: [key] })),
  ];
  const details = issues.slice(0, 6).map((issue) => issue.message).join(' ');
  return rejectToolCall('tool_call_invalid_format', `The object must have exactly the keys ${listKeys(expected)}. ${details}`, issues);
}

/** Check (c): the expected keys, a string tool id, and object args (or a string holding one). */
export function readCallFields(value: Record<string, unknown>, expected: readonly string[]): CallFields | ToolCallRejection {
  const keyProblem = checkTopLevelKeys(value, expected);
  if (keyProblem) return keyProblem;
  if (typeof value.tool !== 'string') {
    const message = 'The "tool" value must be a string: the tool id.';
    return rejectToolCall('tool_call_invalid_format', message, [{ code: 'invalid_type', message, path: ['tool'] }]);
  }
  const args = readArgs(value.args);
  if (args && 'ok' in args) return args;
  if (!args) {
    const message = 'The "args" value must be a JSON object of arguments, e.g. {"path":"Story/Scenes/SCN-01.md"}.';
    return rejectToolCall('tool_call_invalid_format', message, [{ code: 'invalid_type', message, path: ['args'] }]);
  }
  const applied: AppliedNormalisation[] = args.fromString ? [{ kind: 'args_json_string', from: 'string', to: 'object' }] : [];
  return { tool: value.tool, args: args.args, nonce: value.nonce, applied };
}
