import { describe, expect, it } from 'vitest';
import { CORE_TOOL_IDS, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { argsJsonSchemaFor, decisionResponseFormat, envelopeResponseFormat, type JsonSchema } from './response-format.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const branchesOf = (schema: JsonSchema): JsonSchema[] => schema.anyOf as JsonSchema[];
const propertiesOf = (branch: JsonSchema): Record<string, JsonSchema> => branch.properties as Record<string, JsonSchema>;

describe('envelopeResponseFormat', () => {
  const format = envelopeResponseFormat({ nonce: 'n-1', tools });

  it('is a strict json_schema response format with one branch per tool', () => {
    expect(format.type).toBe('json_schema');
    expect(format.json_schema).toMatchObject({ name: 'tool_call_envelope', strict: true });
    const branches = branchesOf(format.json_schema.schema);
    expect(branches.map((branch) => propertiesOf(branch).tool)).toEqual(CORE_TOOL_IDS.map((id) => ({ type: 'string', const: id })));
  });

  it('fixes the nonce, requires every envelope key and refuses unknown keys at both levels', () => {
    for (const branch of branchesOf(format.json_schema.schema)) {
      expect(branch).toMatchObject({ type: 'object', required: ['tool', 'args', 'nonce'], additionalProperties: false });
      const properties = propertiesOf(branch);
      expect(properties.nonce).toEqual({ type: 'string', const: 'n-1' });
      expect(properties.args).toMatchObject({ type: 'object', additionalProperties: false });
      expect(properties.args).not.toHaveProperty('$schema');
    }
  });

  it('carries each tool\'s argument schema from zod', () => {
    const reader = branchesOf(format.json_schema.schema).find((branch) => propertiesOf(branch).tool?.const === 'file_reader');
    expect(reader && propertiesOf(reader).args).toMatchObject({
      properties: { path: { type: 'string', minLength: 1 }, start_line: { type: 'integer', minimum: 1 } },
      required: ['path'],
    });
  });

  it('reuses the cached, frozen args schemas across turns and nonces', () => {
    const next = envelopeResponseFormat({ nonce: 'n-2', tools });
    const argsNow = branchesOf(format.json_schema.schema).map((branch) => propertiesOf(branch).args);
    const argsNext = branchesOf(next.json_schema.schema).map((branch) => propertiesOf(branch).args);
    argsNow.forEach((args, index) => expect(args).toBe(argsNext[index]));
    expect(argsJsonSchemaFor(TOOL_ARG_SCHEMAS.file_reader)).toBe(argsJsonSchemaFor(TOOL_ARG_SCHEMAS.file_reader));
    expect(Object.isFrozen(argsJsonSchemaFor(TOOL_ARG_SCHEMAS.file_reader).properties)).toBe(true);
  });

  it('offers only the allowed tools, and refuses to build a schema with none', () => {
    const only = envelopeResponseFormat({ nonce: 'n-1', tools, allowedTools: ['prose_analyzer'] });
    expect(branchesOf(only.json_schema.schema)).toHaveLength(1);
    expect(() => envelopeResponseFormat({ nonce: 'n-1', tools, allowedTools: [] })).toThrow(expect.objectContaining({ code: 'usage_error' }));
  });
});

describe('decisionResponseFormat', () => {
  it('offers final with the nonce, or another call with action "tool"', () => {
    const format = decisionResponseFormat({ nonce: 'n-9', tools, allowedTools: ['file_reader'] });
    expect(format.json_schema).toMatchObject({ name: 'tool_call_decision', strict: true });
    const [final, call, ...rest] = branchesOf(format.json_schema.schema);
    expect(rest).toEqual([]);
    expect(final).toEqual({
      type: 'object',
      properties: { action: { type: 'string', const: 'final' }, nonce: { type: 'string', const: 'n-9' } },
      required: ['action', 'nonce'],
      additionalProperties: false,
    });
    expect(call).toMatchObject({ required: ['action', 'tool', 'args', 'nonce'], additionalProperties: false });
    expect(call && propertiesOf(call).action).toEqual({ type: 'string', const: 'tool' });
  });

  it('leaves only final when no tool is allowed', () => {
    expect(branchesOf(decisionResponseFormat({ nonce: 'n-9', tools, allowedTools: [] }).json_schema.schema)).toHaveLength(1);
  });
});
