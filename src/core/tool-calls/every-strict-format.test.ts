/**
 * Every strict `response_format` the product can send is inside the strict subset: the envelope,
 * the decision and the decision with the answer, for every set of allowed tools a request may
 * name (all 2^9 − 1 of them), with nonces of every shape the server mints or a client could echo,
 * and the canon extraction format. A provider in strict mode would accept each one.
 */
import { describe, expect, it } from 'vitest';
import { CORE_TOOL_IDS, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { CANON_EXTRACTION_FORMAT } from '../canon/index.js';
import { checkStrictResponseFormat, matchesStrictSchema } from '../testing/index.js';
import { decisionResponseFormat, envelopeResponseFormat } from './response-format.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const NONCES = ['0190f3a2-7b1c-7d4e-9f00-123456789abc', 'n', 'nonce with "quotes" and \\ slashes', 'ünïcödé-✓'];

/** Every non-empty subset of the core tools, in a fixed order. */
function allowedSets(): string[][] {
  const ids = [...CORE_TOOL_IDS];
  const sets: string[][] = [];
  for (let mask = 1; mask < 1 << ids.length; mask += 1) sets.push(ids.filter((_, index) => (mask & (1 << index)) !== 0));
  return sets;
}

describe('every strict response_format sent', () => {
  it('is inside the strict subset for every set of allowed tools and every nonce', () => {
    const outside: string[] = [];
    const sets = allowedSets();
    expect(sets).toHaveLength((1 << CORE_TOOL_IDS.length) - 1);
    for (const allowedTools of sets) {
      for (const nonce of NONCES) {
        const formats = [
          envelopeResponseFormat({ nonce, tools, allowedTools }),
          decisionResponseFormat({ nonce, tools, allowedTools }),
          decisionResponseFormat({ nonce, tools, allowedTools, answer: true }),
        ];
        for (const format of formats) {
          const issues = checkStrictResponseFormat(format);
          if (issues.length > 0) outside.push(`${format.json_schema.name} [${allowedTools.join(',')}] ${JSON.stringify(issues[0])}`);
        }
      }
    }
    expect(outside.slice(0, 5)).toEqual([]);
  });

  it('keeps only final, with nulls, when a decision allows no tool', () => {
    for (const answer of [false, true]) {
      const format = decisionResponseFormat({ nonce: 'n', tools, allowedTools: [], answer });
      expect(checkStrictResponseFormat(format)).toEqual([]);
      const final = { action: 'final', tool: null, args: null, nonce: 'n', ...(answer ? { answer: 'The lamp room.' } : {}) };
      expect(matchesStrictSchema(final, format.json_schema.schema)).toBe(true);
      expect(matchesStrictSchema({ ...final, action: 'tool' }, format.json_schema.schema)).toBe(false);
    }
  });

  it('includes the canon extraction format', () => {
    expect(checkStrictResponseFormat(CANON_EXTRACTION_FORMAT)).toEqual([]);
    const reply = { facts: [{ subject: 'Hester Vane', attribute: 'eyes', value: 'grey', quote: 'Eyes: grey' }] };
    expect(matchesStrictSchema(reply, CANON_EXTRACTION_FORMAT.json_schema.schema)).toBe(true);
  });
});
