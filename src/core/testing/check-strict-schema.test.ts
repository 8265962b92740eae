import { describe, expect, it } from 'vitest';
import { checkStrictResponseFormat, checkStrictSchema } from './check-strict-schema.js';

const closed = (properties: Record<string, unknown>): Record<string, unknown> => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });

describe('checkStrictSchema', () => {
  it('accepts a closed object with nullable, enum, array and anyOf members', () => {
    const schema = closed({
      name: { type: 'string', description: 'who' },
      age: { type: ['integer', 'null'] },
      mood: { type: ['string', 'null'], enum: ['calm', 'cross', null] },
      tags: { type: 'array', items: { type: 'string' } },
      place: { anyOf: [closed({ city: { type: 'string' } }), { type: 'null' }] },
    });
    expect(checkStrictSchema(schema)).toEqual([]);
  });

  it.each([
    ['a root union', { anyOf: [closed({ a: { type: 'string' } }), closed({ b: { type: 'string' } })] }, /root must be a plain object/],
    ['an optional property', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false }, /not required: b/],
    ['an open object', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, /additionalProperties: false/],
    ['a nested open object', closed({ inner: { type: 'object', properties: {}, required: [], additionalProperties: true } }), /#\/properties\/inner.*|additionalProperties/],
    ['minLength', closed({ a: { type: 'string', minLength: 1 } }), /"minLength"/],
    ['maximum', closed({ a: { type: 'integer', maximum: 9 } }), /"maximum"/],
    ['pattern', closed({ a: { type: 'string', pattern: '^x' } }), /"pattern"/],
    ['format', closed({ a: { type: 'string', format: 'date' } }), /"format"/],
    ['default', closed({ a: { type: 'string', default: 'x' } }), /"default"/],
    ['const', closed({ a: { type: 'string', const: 'x' } }), /"const"/],
    ['oneOf', closed({ a: { oneOf: [{ type: 'string' }, { type: 'null' }] } }), /"oneOf"/],
    ['$schema', { ...closed({}), $schema: 'https://json-schema.org/draft/2020-12/schema' }, /"\$schema"/],
    ['a typeless value', closed({ a: {} }), /needs a type/],
    ['a wide type list', closed({ a: { type: ['string', 'integer'] } }), /one type nullable/],
    ['a nullable object by type list', closed({ a: { type: ['object', 'null'], properties: {}, required: [], additionalProperties: false } }), /anyOf with/],
    ['an enum of the wrong type', closed({ a: { type: 'string', enum: ['x', 3] } }), /does not match type/],
    ['an array without items', closed({ a: { type: 'array' } }), /items are/],
    ['a required name that does not exist', { type: 'object', properties: {}, required: ['ghost'], additionalProperties: false }, /do not exist: ghost/],
    ['anything beside anyOf', closed({ a: { type: 'string', anyOf: [{ type: 'string' }] } }), /stand alone/],
    ['deep nesting', closed({ a: closed({ b: closed({ c: closed({ d: closed({ e: closed({ f: { type: 'string' } }) }) }) }) }) }), /nested at most/],
  ])('refuses %s', (_name, schema, message) => {
    const issues = checkStrictSchema(schema);
    expect(issues.map((issue) => `${issue.path} ${issue.message}`).join('\n')).toMatch(message);
  });

  it('checks the response format around the schema', () => {
    expect(checkStrictResponseFormat({ type: 'json_schema', json_schema: { name: 'ok_name', strict: true, schema: closed({}) } })).toEqual([]);
    expect(checkStrictResponseFormat({ type: 'json_object' })).toHaveLength(1);
    const issues = checkStrictResponseFormat({ type: 'json_schema', json_schema: { name: 'bad name!', strict: false, schema: closed({}) } });
    expect(issues.map((issue) => issue.path)).toEqual(['response_format.json_schema.name', 'response_format.json_schema.strict']);
  });
});
