import type { z } from 'zod';
import type { ModelResponse, ToolChannel, ValidationIssue } from '../../protocol/index.js';
import { findDuplicateKey, stripReasoning } from '../tool-calls/index.js';

/** A model output read through the cascade: a valid value, or every problem found. */
export type StructuredOutput<T> =
  | { ok: true; value: T; channel: ToolChannel; raw: string }
  | { ok: false; issues: ValidationIssue[]; channel: ToolChannel; raw: string };

const ONLY_FENCE = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/;

function refused(channel: ToolChannel, raw: string, code: string, message: string): StructuredOutput<never> {
  return { ok: false, channel, raw, issues: [{ code, message, path: [] }] };
}

/** zod issues as path-level validation issues (unions keep their own wording). */
export function schemaIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ code: issue.code, message: issue.message, path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)) }));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function validate<T>(schema: z.ZodType<T>, text: string, channel: ToolChannel): StructuredOutput<T> {
  const parsed = parseJson(text);
  if (!parsed.ok) return refused(channel, text, 'output_invalid_json', `The JSON does not parse (${parsed.message}). Use double quotes, no trailing commas, no comments.`);
  const duplicate = findDuplicateKey(text);
  if (duplicate) {
    const where = duplicate.path.length === 0 ? 'at the top level' : `in ${duplicate.path.join('.')}`;
    return refused(channel, text, 'output_duplicate_key', `The key ${JSON.stringify(duplicate.key.slice(0, 80))} appears twice ${where}; JSON readers disagree on which value wins. Send each key once.`);
  }
  const checked = schema.safeParse(parsed.value);
  return checked.success ? { ok: true, value: checked.data, channel, raw: text } : { ok: false, issues: schemaIssues(checked.error), channel, raw: text };
}

/**
 * Reads a planner or actor reply by the cascade of the JSON tool-calling reference: the native
 * tool call named `toolName` first, then the JSON object as the whole content or its only fenced
 * block, else a refusal. The value must pass `schema` strictly — nothing is dropped or repaired.
 */
export function readStructuredOutput<T>(response: ModelResponse, toolName: string, schema: z.ZodType<T>): StructuredOutput<T> {
  if (response.toolCalls.length > 0) {
    if (response.toolCalls.length > 1) return refused('tool', '', 'output_multiple', `Call ${toolName} exactly once; the reply made ${response.toolCalls.length} calls.`);
    const call = response.toolCalls[0]!;
    if (call.name !== toolName) return refused('tool', call.arguments, 'output_unknown_tool', `Call ${toolName}, not ${JSON.stringify(call.name)}.`);
    return validate(schema, call.arguments, 'tool');
  }
  const content = stripReasoning(response.content).text.trim();
  if (content.startsWith('{')) return validate(schema, content, 'json');
  const fenced = ONLY_FENCE.exec(content);
  if (fenced && fenced[1]!.trim().startsWith('{')) return validate(schema, fenced[1]!.trim(), 'json');
  return refused('text', content, 'output_not_json', `The reply is not a JSON object. Call ${toolName}, or reply with the JSON object alone: no prose before or after it.`);
}
