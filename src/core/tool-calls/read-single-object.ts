import { findToolCallSyntax } from './detect-tool-syntax.js';
import { findDuplicateKey } from './find-duplicate-key.js';
import { rejectToolCall, type ToolCallRejection } from './rejection.js';
import type { ToolSchemaLookup } from './tool-schema-lookup.js';
import { scanTopLevelObjects } from './scan-json-objects.js';

/** Replies longer than this are refused before any scanning, so hostile input stays cheap. */
export const MAX_TOOL_CALL_CHARS = 64 * 1024;

export type SingleObject = { ok: true; value: Record<string, unknown> } | ToolCallRejection;

const ONE_OBJECT = 'Send exactly one JSON object and nothing else: no prose, no code fence, no tags.';

/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Syntax worth naming in a message; JSON keys in prose are better described as "text before the JSON". */
const PLAIN_TEXT_SYNTAX = new Set(['call_syntax', 'tool_request_marker', 'tool_tag', 'key_value_call']);

/** Quotes the plain-text tool syntax in a refused reply, for a message the model can act on. */
function describePlainTextSyntax(trimmed: string, tools: ToolSchemaLookup): string | undefined {
  if (/^(?:```|<\s*think)/i.test(trimmed)) return undefined;
  const found = findToolCallSyntax(trimmed, tools.ids());
  if (!found || !PLAIN_TEXT_SYNTAX.has(found.kind)) return undefined;
  return JSON.stringify(trimmed.slice(found.start, Math.min(found.end, found.start + 60)));
}

/** Says what surrounds the JSON, in words a model can act on. */
function describeSurroundings(trimmed: string, problem: string): string {
  if (trimmed.startsWith('```')) return 'The reply is wrapped in a code fence.';
  if (/^<\s*(?:think|thinking)\b/i.test(trimmed)) return 'The reply starts with reasoning tags.';
  if (problem === 'text_after') return 'There is text after the JSON object.';
  if (problem === 'unbalanced') return 'The JSON object is not closed (truncated or unbalanced braces).';
  return trimmed.startsWith('[') || trimmed.startsWith('"') || /^[-\d]|^(?:true|false|null)\b/.test(trimmed)
    ? 'The reply is a JSON value that is not an object.'
    : 'The reply does not start with a JSON object.';
}

const CALL_LIST_KEYS = ['tool_calls', 'calls'] as const;

/** Two or more calls inside one object (`{"tool_calls":[…,…]}`) count as multiple. */
function holdsSeveralCalls(value: Record<string, unknown>): boolean {
  for (const key of CALL_LIST_KEYS) {
    const calls = Object.hasOwn(value, key) ? value[key] : undefined;
    if (Array.isArray(calls) && calls.length > 1) return true;
  }
  return false;
}

/** A key written twice makes the object mean different things to different JSON parsers. */
export function duplicateKeyRejection(text: string, where = ''): ToolCallRejection | undefined {
  const duplicate = findDuplicateKey(text);
  if (!duplicate) return undefined;
  const inside = duplicate.path.length === 0 ? (where === '' ? 'at the top level' : `in ${where}`) : `in ${[...(where === '' ? [] : [where]), ...duplicate.path].join('.')}`;
  const message = `The key ${JSON.stringify(duplicate.key.slice(0, 80))} appears twice ${inside}; JSON readers disagree on which value wins, so the call is ambiguous. Send each key once.`;
  return rejectToolCall('tool_call_invalid_format', message, [{ code: 'duplicate_key', message, path: [...(where === '' ? [] : [where]), ...duplicate.path, duplicate.key] }]);
}

function single(value: Record<string, unknown>, text: string): SingleObject {
  const duplicate = duplicateKeyRejection(text);
  if (duplicate) return duplicate;
  return holdsSeveralCalls(value)
    ? rejectToolCall('tool_call_multiple', `The object holds several calls; send one call per reply. ${ONE_OBJECT}`)
    : { ok: true, value };
}

/**
 * Checks (a) and (b) of the protocol: the reply is JSON objects only, and exactly one of them,
 * holding one call. A whole-text `JSON.parse` is tried first because that is what a well-behaved
 * model sends; the scanner runs only when that fails. `tools` is read only to word a refusal.
 */
export function readSingleObject(text: unknown, tools: ToolSchemaLookup): SingleObject {
  if (typeof text !== 'string') return rejectToolCall('tool_call_invalid_format', `The reply is not text. ${ONE_OBJECT}`);
  if (text.length > MAX_TOOL_CALL_CHARS) {
    return rejectToolCall('tool_call_invalid_format', `The reply is ${text.length} characters long; a tool call must fit in ${MAX_TOOL_CALL_CHARS} characters (64 KiB). ${ONE_OBJECT}`);
  }
  const trimmed = text.trim();
  if (trimmed === '') return rejectToolCall('tool_call_invalid_format', `The reply is empty. ${ONE_OBJECT}`);
  const first = trimmed.charCodeAt(0);
  const last = trimmed.charCodeAt(trimmed.length - 1);

  // A failed whole-text parse is kept: when the scanner finds that same text as the only object,
  // parsing it again would fail the same way (a failing JSON.parse is the costly case).
  let wholeFailure: { ok: false; error: string } | undefined;
  if (first === 0x7b && last === 0x7d) {
    const whole = parseJson(trimmed);
    if (whole.ok && isPlainObject(whole.value)) return single(whole.value, trimmed);
    if (!whole.ok) wholeFailure = whole;
  } else if (first === 0x5b && last === 0x5d) {
    const whole = parseJson(trimmed);
    if (whole.ok && Array.isArray(whole.value) && whole.value.filter(isPlainObject).length > 1) {
      return rejectToolCall('tool_call_multiple', `The reply is an array of several calls; send one call per reply. ${ONE_OBJECT}`);
    }
  }

  const scan = scanTopLevelObjects(trimmed);
  if (!scan.ok) {
    const syntax = describePlainTextSyntax(trimmed, tools);
    const hint = syntax ? `It contains plain-text tool syntax (${syntax}), which is never executed.` : describeSurroundings(trimmed, scan.problem);
    return rejectToolCall('tool_call_invalid_format', `${hint} ${ONE_OBJECT}`);
  }
  const values: Array<{ value: Record<string, unknown>; text: string }> = [];
  for (const [index, span] of scan.spans.entries()) {
    const covered = span.start === 0 && span.end === trimmed.length;
    const parsed = covered && wholeFailure !== undefined ? wholeFailure : parseJson(trimmed.slice(span.start, span.end));
    if (!parsed.ok || !isPlainObject(parsed.value)) {
      const where = scan.spans.length > 1 ? `Object ${index + 1} of ${scan.spans.length}` : 'The object';
      const why = parsed.ok ? 'is not a JSON object' : `is not valid JSON (${parsed.error})`;
      return rejectToolCall('tool_call_invalid_format', `${where} ${why}. Use double quotes, no trailing commas, no comments. ${ONE_OBJECT}`);
    }
    values.push({ value: parsed.value, text: trimmed.slice(span.start, span.end) });
  }
  if (values.length > 1) return rejectToolCall('tool_call_multiple', `The reply holds ${values.length} JSON objects; send one call per reply.`);
  const [only] = values;
  return only ? single(only.value, only.text) : rejectToolCall('tool_call_invalid_format', ONE_OBJECT);
}
