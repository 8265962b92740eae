import { deepFreeze } from '../traces/deep-freeze.js';
import { z } from 'zod';
import { ControlRoomError } from '../../protocol/index.js';
import { allowedToolIds } from './resolve-tool-id.js';
import { nullable, toStrictJsonSchema, type JsonSchema } from './strict-json-schema.js';
import type { ToolSchemaLookup } from './tool-schema-lookup.js';

export type { JsonSchema } from './strict-json-schema.js';

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
const strictArgsSchemas = new WeakMap<z.ZodObject, JsonSchema>();

/**
 * The JSON Schema of a tool's arguments, built once per schema and shared (frozen) after that.
 * Unknown keys are refused at the top level whatever the zod schema says, as the envelope demands.
 * This is the full schema (bounds, optional keys) shown to models in retry messages.
 */
export function argsJsonSchemaFor(schema: z.ZodObject): JsonSchema {
  const known = argsSchemas.get(schema);
  if (known) return known;
  const { $schema: _dialect, ...body } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const built = deepFreeze({ ...body, additionalProperties: false });
  argsSchemas.set(schema, built);
  return built;
}

/** The tool's arguments inside the strict subset (optional arguments nullable), built once per schema. */
export function strictArgsJsonSchemaFor(schema: z.ZodObject): JsonSchema {
  const known = strictArgsSchemas.get(schema);
  if (known) return known;
  const built = deepFreeze(toStrictJsonSchema(argsJsonSchemaFor(schema)));
  strictArgsSchemas.set(schema, built);
  return built;
}

const oneString = (value: string): JsonSchema => ({ type: 'string', enum: [value] });

/** The allowed tool ids that have a schema, and the strict args schema of each. */
function allowedArgs(options: ResponseFormatOptions): Array<{ id: string; args: JsonSchema }> {
  return allowedToolIds(options.tools, options.allowedTools).flatMap((id) => {
    const schema = options.tools.schemaFor(id);
    return schema ? [{ id, args: strictArgsJsonSchemaFor(schema) }] : [];
  });
}

/**
 * `args` as one object of any allowed tool. The root stays a plain object (strict mode refuses a
 * root union), so which args go with which tool is left to our validator, which checks every call.
 */
function argsUnion(tools: ReadonlyArray<{ id: string; args: JsonSchema }>): JsonSchema {
  if (tools.length === 1) return { ...tools[0]!.args, description: `arguments of ${tools[0]!.id}` };
  return { description: 'the arguments of the chosen tool', anyOf: tools.map((tool) => ({ ...tool.args, description: `arguments of ${tool.id}` })) };
}

function closedObject(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/**
 * `response_format` for the first step of a turn: one envelope `{tool, args, nonce}` for one of
 * the allowed tools, with this turn's nonce, inside the strict subset of every provider.
 */
export function envelopeResponseFormat(options: ResponseFormatOptions): JsonSchemaResponseFormat {
  const tools = allowedArgs(options);
  if (tools.length === 0) {
    throw new ControlRoomError('usage_error', 'No tool is allowed for this request, so there is no tool-call schema to send; run the request without tools.', { fault: 'system' });
  }
  const schema = closedObject({
    tool: { type: 'string', enum: tools.map((tool) => tool.id) },
    args: argsUnion(tools),
    nonce: oneString(options.nonce),
  });
  return { type: 'json_schema', json_schema: { name: 'tool_call_envelope', strict: true, schema } };
}

/** The last decision formats made, by lookup: a turn asks for the same one at every step after a tool result. */
const recentDecisions = new WeakMap<ToolSchemaLookup, { key: string; format: JsonSchemaResponseFormat }>();

/**
 * `response_format` after a tool result: `{"action":"tool","tool","args","nonce"}` for another call,
 * or `{"action":"final","tool":null,"args":null,"nonce"}` when done (strict mode requires every key,
 * so `final` carries them as null). With no tool allowed, only `final` remains. With `answer`, each
 * decision also has `"answer"`: the reply to the writer with `final`, null with `tool`.
 */
export function decisionResponseFormat(options: ResponseFormatOptions & { answer?: boolean }): JsonSchemaResponseFormat {
  // The same lookup, allow list, answer flag and nonce give the same format: it is shared (frozen)
  // between the steps of a turn instead of built again, and a serialiser may remember its text.
  const key = JSON.stringify([options.nonce, options.answer === true, options.allowedTools ?? null]);
  const recent = recentDecisions.get(options.tools);
  if (recent?.key === key) return recent.format;
  const format = deepFreeze(buildDecisionFormat(options));
  recentDecisions.set(options.tools, { key, format });
  return format;
}

function buildDecisionFormat(options: ResponseFormatOptions & { answer?: boolean }): JsonSchemaResponseFormat {
  const tools = allowedArgs(options);
  // With `answer`, `final` carries the writer-facing reply (null with `tool`), so no separate answer call is needed.
  const answer: Record<string, JsonSchema> = options.answer ? { answer: { type: ['string', 'null'], description: 'with final: your reply to the writer, ending with its evidence line; null with tool' } } : {};
  const schema =
    tools.length === 0
      ? closedObject({ action: oneString('final'), tool: { type: 'null' }, args: { type: 'null' }, nonce: oneString(options.nonce), ...answer })
      : closedObject({
          action: { type: 'string', enum: ['tool', 'final'] },
          tool: { type: ['string', 'null'], enum: [...tools.map((tool) => tool.id), null] },
          args: nullable(argsUnion(tools)),
          nonce: oneString(options.nonce),
          ...answer,
        });
  return { type: 'json_schema', json_schema: { name: 'tool_call_decision', strict: true, schema } };
}
