import { describe, expect, it } from 'vitest';
import { CORE_TOOL_IDS, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { checkStrictResponseFormat } from '../testing/index.js';
import { parseDecision } from './parse-decision.js';
import { parseToolCall } from './parse-tool-call.js';
import { argsJsonSchemaFor, decisionResponseFormat, envelopeResponseFormat, strictArgsJsonSchemaFor, type JsonSchema } from './response-format.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const propertiesOf = (schema: JsonSchema): Record<string, JsonSchema> => schema.properties as Record<string, JsonSchema>;
const branchesOf = (schema: JsonSchema): JsonSchema[] => schema.anyOf as JsonSchema[];

describe('envelopeResponseFormat', () => {
  const format = envelopeResponseFormat({ nonce: 'n-1', tools });
  const root = format.json_schema.schema;

  it('is a strict json_schema response format inside the strict subset', () => {
    expect(format.type).toBe('json_schema');
    expect(format.json_schema).toMatchObject({ name: 'tool_call_envelope', strict: true });
    expect(checkStrictResponseFormat(format)).toEqual([]);
  });

  it('has a plain object root with every key required, the tool ids as an enum and the nonce fixed', () => {
    expect(root).toMatchObject({ type: 'object', required: ['tool', 'args', 'nonce'], additionalProperties: false });
    expect(root).not.toHaveProperty('anyOf');
    expect(propertiesOf(root).tool).toEqual({ type: 'string', enum: [...CORE_TOOL_IDS] });
    expect(propertiesOf(root).nonce).toEqual({ type: 'string', enum: ['n-1'] });
  });

  it('offers each tool\'s arguments as a closed object with optional ones nullable and no constraint keywords', () => {
    const reader = branchesOf(propertiesOf(root).args!).find((branch) => branch.description === 'arguments of file_reader');
    expect(reader).toEqual({
      type: 'object',
      description: 'arguments of file_reader',
      properties: {
        path: { type: 'string', description: 'VFS path, e.g. Story/Scenes/SCN-01-the-lamp-room.md' },
        start_line: { type: ['integer', 'null'] },
        end_line: { type: ['integer', 'null'] },
      },
      required: ['path', 'start_line', 'end_line'],
      additionalProperties: false,
    });
    const locator = strictArgsJsonSchemaFor(TOOL_ARG_SCHEMAS.file_locator);
    expect(propertiesOf(locator).scan_mode).toMatchObject({ type: ['string', 'null'], enum: ['FAST_SCAN', 'DEEP_SCAN', null] });
    const consistency = strictArgsJsonSchemaFor(TOOL_ARG_SCHEMAS.consistency_checker);
    expect(propertiesOf(consistency).file_paths).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('keeps the full schema (bounds, optional keys) for retry messages, cached and frozen', () => {
    expect(argsJsonSchemaFor(TOOL_ARG_SCHEMAS.file_reader)).toMatchObject({ required: ['path'], properties: { start_line: { minimum: 1 } } });
    expect(strictArgsJsonSchemaFor(TOOL_ARG_SCHEMAS.file_reader)).toBe(strictArgsJsonSchemaFor(TOOL_ARG_SCHEMAS.file_reader));
    expect(Object.isFrozen(propertiesOf(strictArgsJsonSchemaFor(TOOL_ARG_SCHEMAS.file_reader)))).toBe(true);
    const next = envelopeResponseFormat({ nonce: 'n-2', tools });
    expect(branchesOf(propertiesOf(next.json_schema.schema).args!).length).toBe(CORE_TOOL_IDS.length);
  });

  it('offers only the allowed tools, and refuses to build a schema with none', () => {
    const only = envelopeResponseFormat({ nonce: 'n-1', tools, allowedTools: ['prose_analyzer'] });
    expect(propertiesOf(only.json_schema.schema).tool).toEqual({ type: 'string', enum: ['prose_analyzer'] });
    expect(propertiesOf(only.json_schema.schema).args).toMatchObject({ type: 'object', description: 'arguments of prose_analyzer' });
    expect(checkStrictResponseFormat(only)).toEqual([]);
    expect(() => envelopeResponseFormat({ nonce: 'n-1', tools, allowedTools: [] })).toThrow(expect.objectContaining({ code: 'usage_error' }));
  });

  it('leaves the tool↔args coupling to the validator: what the schema allows but the tool refuses is rejected', () => {
    const options = { nonce: 'n-1', tools };
    // Legal under the schema (file_reader's args with another tool id) and refused by our validator.
    expect(parseToolCall('{"tool":"prose_analyzer","args":{"path":"Story/a.md","start_line":null,"end_line":null},"nonce":"n-1"}', options)).toMatchObject({ ok: false, code: 'tool_call_invalid_args' });
    // A strict reply with nulls for the optional arguments is accepted, the nulls recorded as absent.
    expect(parseToolCall('{"tool":"file_reader","args":{"path":"Story/a.md","start_line":3,"end_line":null},"nonce":"n-1"}', options)).toEqual({
      ok: true,
      tool: 'file_reader',
      args: { path: 'Story/a.md', start_line: 3 },
      applied: [{ kind: 'null_optional', from: 'end_line', to: 'absent' }],
    });
    // A null for a required argument is still wrong.
    expect(parseToolCall('{"tool":"file_reader","args":{"path":null},"nonce":"n-1"}', options)).toMatchObject({ ok: false, code: 'tool_call_invalid_args' });
  });
});

describe('decisionResponseFormat', () => {
  it('is one closed object: action tool or final, the tool and args nullable, the nonce fixed', () => {
    const format = decisionResponseFormat({ nonce: 'n-9', tools, allowedTools: ['file_reader'] });
    expect(format.json_schema).toMatchObject({ name: 'tool_call_decision', strict: true });
    expect(checkStrictResponseFormat(format)).toEqual([]);
    const properties = propertiesOf(format.json_schema.schema);
    expect(format.json_schema.schema).toMatchObject({ type: 'object', required: ['action', 'tool', 'args', 'nonce'], additionalProperties: false });
    expect(properties.action).toEqual({ type: 'string', enum: ['tool', 'final'] });
    expect(properties.tool).toEqual({ type: ['string', 'null'], enum: ['file_reader', null] });
    expect(branchesOf(properties.args!).at(-1)).toEqual({ type: 'null' });
    expect(properties.nonce).toEqual({ type: 'string', enum: ['n-9'] });
  });

  it('leaves only final when no tool is allowed', () => {
    const format = decisionResponseFormat({ nonce: 'n-9', tools, allowedTools: [] });
    expect(checkStrictResponseFormat(format)).toEqual([]);
    expect(propertiesOf(format.json_schema.schema).action).toEqual({ type: 'string', enum: ['final'] });
  });

  it('is read back by the decision parser in both the strict and the short form', () => {
    const options = { nonce: 'n-9', tools };
    expect(parseDecision('{"action":"final","tool":null,"args":null,"nonce":"n-9"}', options)).toMatchObject({ ok: true, action: 'final' });
    expect(parseDecision('{"action":"final","nonce":"n-9"}', options)).toMatchObject({ ok: true, action: 'final' });
    expect(parseDecision('{"action":"final","tool":"file_reader","args":null,"nonce":"n-9"}', options)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    expect(parseDecision('{"action":"tool","tool":null,"args":null,"nonce":"n-9"}', options)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    expect(parseDecision('{"action":"tool","tool":"file_reader","args":{"path":"Story/a.md","start_line":null,"end_line":null},"nonce":"n-9"}', options)).toMatchObject({
      ok: true,
      action: 'tool',
      args: { path: 'Story/a.md' },
    });
  });
});

describe('decisionResponseFormat with the answer', () => {
  it('adds a nullable answer every decision sends, inside the strict subset, and the parser reads both actions back', () => {
    const format = decisionResponseFormat({ nonce: 'n-9', tools, answer: true });
    expect(checkStrictResponseFormat(format)).toEqual([]);
    expect(format.json_schema.schema).toMatchObject({ required: ['action', 'tool', 'args', 'nonce', 'answer'], additionalProperties: false });
    expect(propertiesOf(format.json_schema.schema).answer).toMatchObject({ type: ['string', 'null'] });
    expect(checkStrictResponseFormat(decisionResponseFormat({ nonce: 'n-9', tools, allowedTools: [], answer: true }))).toEqual([]);
    const options = { nonce: 'n-9', tools, allowAnswer: true };
    expect(parseDecision('{"action":"final","tool":null,"args":null,"nonce":"n-9","answer":"Grey.\\nEvidence: absence | Canon.md | checked for \\"eyes\\""}', options)).toMatchObject({ ok: true, action: 'final', answer: expect.stringContaining('Grey.') });
    expect(parseDecision('{"action":"tool","tool":"file_reader","args":{"path":"Canon.md","start_line":null,"end_line":null},"nonce":"n-9","answer":null}', options)).toMatchObject({ ok: true, action: 'tool', tool: 'file_reader' });
  });
});
