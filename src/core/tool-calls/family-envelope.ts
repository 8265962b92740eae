import type { RawFamilyCall } from './family-call.js';
import { duplicateKeyRejection } from './read-single-object.js';
import { rejectToolCall, type ToolCallRejection } from './rejection.js';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The strict envelope (or decision JSON) a family call stands for, as text for the strict parser,
 * which then checks everything — the nonce above all: a call found in text runs only with the
 * turn's nonce, here as anywhere. The JSON inside may be the envelope itself, a call object
 * (`{"name","arguments"|"parameters"}`) with the nonce beside the arguments or among them, or,
 * when the wrapper names the tool, the arguments with the nonce among them.
 */
export function familyEnvelope(call: RawFamilyCall, step: 'envelope' | 'decision'): { ok: true; text: string } | ToolCallRejection {
  const duplicate = duplicateKeyRejection(call.json);
  if (duplicate) return duplicate;
  let value: unknown;
  try {
    value = JSON.parse(call.json);
  } catch {
    return rejectToolCall('tool_call_invalid_format', `The call${call.name ? ` to ${call.name}` : ''} is not valid JSON. Send one JSON object with the tool, its arguments and the nonce.`);
  }
  if (!isObject(value)) return rejectToolCall('tool_call_invalid_format', 'The call must be one JSON object.');
  if ('tool' in value || 'action' in value) {
    // Our own envelope or decision, wrapped in the family's markers: the strict parser reads it as it is.
    if (call.name !== null && value['tool'] !== undefined && value['tool'] !== call.name) {
      return rejectToolCall('tool_call_invalid_format', `The call is addressed to ${call.name} but names ${String(value['tool'])}; the call is ambiguous.`);
    }
    return { ok: true, text: call.json };
  }
  let tool: unknown;
  let args: unknown;
  let nonce: unknown;
  if (call.name === null) {
    if (typeof value['name'] !== 'string') return rejectToolCall('tool_call_invalid_format', 'The call names no tool: give "name" and "arguments".');
    tool = value['name'];
    args = value['arguments'] ?? value['parameters'] ?? value['args'] ?? {};
    nonce = value['nonce'];
  } else {
    tool = call.name;
    args = value;
  }
  if (typeof args === 'string') {
    // Some servers and templates send the arguments as a JSON string.
    try {
      args = JSON.parse(args);
    } catch {
      return rejectToolCall('tool_call_invalid_format', `The arguments of ${String(tool)} are not valid JSON.`);
    }
  }
  if (args === undefined) args = {};
  if (isObject(args) && 'nonce' in args) {
    const { nonce: inner, ...rest } = args;
    if (nonce !== undefined && nonce !== inner) return rejectToolCall('tool_call_nonce_invalid', 'The call carries two different nonces.');
    nonce = inner;
    args = rest;
  }
  // A missing nonce stays missing (empty), so the strict parser refuses the call for it.
  const envelope = step === 'decision' ? { action: 'tool', tool, args, nonce: nonce ?? '' } : { tool, args, nonce: nonce ?? '' };
  return { ok: true, text: JSON.stringify(envelope) };
}
