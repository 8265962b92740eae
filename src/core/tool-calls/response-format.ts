import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { allowedToolIds } from './resolve-tool-id.js';
import type { ToolSchemaLookup } from './tool-schema-lookup.js';

/** A JSON Schema document, as plain data. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The OpenAI-compatible `response_format` that constrains a reply to one JSON shape. */
export interface JsonSchemaResponseFormat {
  type: 'json_schema';
  json_schema: { name: string; strict: true; schema: JsonSchema };
}

export interface ResponseFormatOptions {
  nonce: string;
  tools: ToolSchemaLookup;
  allowedTools?: readonly string[];
}

const argsSchemas = new WeakMap<z.ZodObject, JsonSchema>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The JSON Schema of a tool's arguments, built once per schema and shared (frozen) after that.
 * Unknown keys are refused at the top level whatever the zod schema says, as the envelope demands.
 */
export function argsJsonSchemaFor(schema: z.ZodObject): JsonSchema {
  const known = argsSchemas.get(schema);
  if (known) return known;
  const { $schema: _dialect, ...body } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const built = deepFreeze({ ...body, additionalProperties: false });
  argsSchemas.set(schema, built);
  return built;
}

const constString = (value: string): JsonSchema => ({ type: 'string', const: value });

/** One object branch per allowed tool: `tool` fixed to its id, its args, the nonce fixed. */
function toolBranches(options: ResponseFormatOptions, extra: Record<string, JsonSchema> = {}): JsonSchema[] {
  const branches: JsonSchema[] = [];
  for (const id of allowedToolIds(options.tools, options.allowedTools)) {
    const schema = options.tools.schemaFor(id);
    if (!schema) continue;
    branches.push({
      type: 'object',
      properties: { ...extra, tool: constString(id), args: argsJsonSchemaFor(schema), nonce: constString(options.nonce) },
      required: [...Object.keys(extra), 'tool', 'args', 'nonce'],
      additionalProperties: false,
    });
  }
  return branches;
}

/**
 * `response_format` for the first step of a turn: exactly one envelope `{tool, args, nonce}` for one
 * of the allowed tools, with this turn's nonce. Only the thin wrapper is built per call.
 */
export function envelopeResponseFormat(options: ResponseFormatOptions): JsonSchemaResponseFormat {
  const branches = toolBranches(options);
  if (branches.length === 0) {
    throw new ControlRoomError('usage_error', 'No tool is allowed for this request, so there is no tool-call schema to send; run the request without tools.', { fault: 'system' });
  }
  return { type: 'json_schema', json_schema: { name: 'tool_call_envelope', strict: true, schema: { anyOf: branches } } };
}

/**
 * `response_format` after a tool result: another call (`action: "tool"`) or `{"action":"final","nonce"}`.
 * With no tool allowed, only `final` remains.
 */
export function decisionResponseFormat(options: ResponseFormatOptions): JsonSchemaResponseFormat {
  const final: JsonSchema = {
    type: 'object',
    properties: { action: constString('final'), nonce: constString(options.nonce) },
    required: ['action', 'nonce'],
    additionalProperties: false,
  };
  const calls = toolBranches(options, { action: constString('tool') });
  return { type: 'json_schema', json_schema: { name: 'tool_call_decision', strict: true, schema: { anyOf: [final, ...calls] } } };
}
