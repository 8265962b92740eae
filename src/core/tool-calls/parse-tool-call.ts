import type { AcceptedToolCall } from '../../protocol/index.js';
import { readCallFields } from './read-call-fields.js';
import { readSingleObject } from './read-single-object.js';
import { rejectToolCall, type ToolCallRejection } from './rejection.js';
import { attachKnownTool, validateCall, type ToolCallParseOptions } from './validate-call.js';

const ENVELOPE_KEYS = ['tool', 'args', 'nonce'] as const;

/** What `parseToolCall` returns: an accepted call, or a rejection with its code and issues. */
export type ParsedToolCall = AcceptedToolCall | ToolCallRejection;

/** Last line of defence for "never throws": a registry that throws, or a stack overflow on deep JSON. */
export function unexpectedFailure(error: unknown): ToolCallRejection {
  const detail = error instanceof Error ? error.message : String(error);
  return rejectToolCall('tool_call_invalid_format', `The reply could not be checked (${detail.slice(0, 200)}). Send one JSON object only.`);
}

/**
 * Parses and validates a tool-call envelope `{"tool","args","nonce"}` (SPEC §4). Never throws.
 * Checks run in a fixed order so one input always gets one code: format, multiple, top-level keys,
 * nonce, tool id (after aliases and the allow-list), arguments (after key normalisation).
 */
export function parseToolCall(text: string, options: ToolCallParseOptions): ParsedToolCall {
  try {
    const object = readSingleObject(text, options.tools);
    if (!object.ok) return object;
    const fields = readCallFields(object.value, ENVELOPE_KEYS);
    if ('ok' in fields) return attachKnownTool(fields, object.value.tool, options);
    return validateCall(fields, options);
  } catch (error) {
    return unexpectedFailure(error);
  }
}
