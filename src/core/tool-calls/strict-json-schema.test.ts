import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkStrictSchema } from '../testing/index.js';
import { dropNullOptionals } from './drop-null-optionals.js';
import { toStrictJsonSchema } from './strict-json-schema.js';

/**
 * Random zod values: scalars with constraints, enums, literals, arrays, unions, nested objects with optional keys.
 * The depth is counted by hand: a value at depth d holds only values at depth d - 1, and depth 0 is a leaf. With the
 * root and three levels below it, no object is nested deeper than the strict subset's limit of five (a deeper schema is
 * one the converter cannot make strict, and the checker says so: see check-strict-schema.test.ts).
 */
const leaf = fc.oneof(
  fc.constant(z.string().min(1).max(40)),
  fc.constant(z.string().regex(/^[a-z]+$/)),
  fc.constant(z.email()),
  fc.constant(z.number().int().min(0).max(9)),
  fc.constant(z.number().gt(0)),
  fc.constant(z.boolean().default(false)),
  fc.constant(z.enum(['a', 'b'])),
  fc.constant(z.literal('fixed')),
  fc.constant(z.string().nullable()),
);
function valueAt(depth: number): fc.Arbitrary<z.ZodType> {
  if (depth === 0) return leaf;
  const inner = valueAt(depth - 1);
  return fc.oneof(
    leaf,
    inner.map((item) => z.array(item).min(1).max(5)),
    fc.tuple(inner, inner).map(([a, b]) => z.union([a, b])),
    fc.dictionary(fc.constantFrom('alpha', 'beta', 'gamma', 'delta'), fc.tuple(inner, fc.boolean()), { maxKeys: 4 }).map((fields) =>
      z.object(Object.fromEntries(Object.entries(fields).map(([key, [item, optional]]) => [key, optional ? item.optional() : item]))),
    ),
  );
}
const zodValue = valueAt(3);
const zodObject = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.tuple(zodValue, fc.boolean()), { minKeys: 0, maxKeys: 5 }).map((fields) =>
  z.strictObject(Object.fromEntries(Object.entries(fields).map(([key, [item, optional]]) => [key, optional ? item.optional() : item]))),
);

describe('toStrictJsonSchema', () => {
  it('puts any zod object schema inside the strict subset', () => {
    fc.assert(
      fc.property(zodObject, (schema) => {
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
        const strict = toStrictJsonSchema(json);
        const issues = checkStrictSchema(strict);
        expect(issues, JSON.stringify({ json, strict })).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('makes exactly the optional properties nullable and keeps descriptions', () => {
    const schema = z.object({ name: z.string().describe('who'), age: z.number().int().optional(), tags: z.array(z.string()).optional() });
    expect(toStrictJsonSchema(z.toJSONSchema(schema) as Record<string, unknown>)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'who' },
        age: { type: ['integer', 'null'] },
        tags: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
      },
      required: ['name', 'age', 'tags'],
      additionalProperties: false,
    });
  });
});

describe('dropNullOptionals', () => {
  const schema = z.strictObject({
    path: z.string(),
    note: z.string().nullable().optional(),
    range: z.object({ from: z.number(), to: z.number().optional() }).optional(),
    items: z.array(z.object({ id: z.string(), label: z.string().optional() })).optional(),
  });

  it('takes nulls of optional, non-nullable fields as absent, at any depth, and records each', () => {
    const { args, applied } = dropNullOptionals({ path: 'a', note: null, range: { from: 1, to: null }, items: [{ id: 'x', label: null }] }, schema);
    expect(args).toEqual({ path: 'a', note: null, range: { from: 1 }, items: [{ id: 'x' }] });
    expect(schema.safeParse(args).success).toBe(true);
    expect(applied.map((entry) => entry.from)).toEqual(['range.to', 'items[0].label']);
  });

  it('leaves nulls of required fields for the schema to refuse, and unchanged args as they were', () => {
    const given = { path: null };
    expect(dropNullOptionals(given, schema).args).toBe(given);
    expect(dropNullOptionals({ path: 'a', range: null }, schema).args).toEqual({ path: 'a' });
  });
});
