import { describe, expect, it } from 'vitest';
import { CORE_TOOL_IDS, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

describe('schemaLookupFrom', () => {
  const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);

  it('finds each tool schema and lists the ids in order', () => {
    expect(tools.ids()).toEqual(CORE_TOOL_IDS);
    expect(tools.schemaFor('file_reader')).toBe(TOOL_ARG_SCHEMAS.file_reader);
  });

  it('does not find inherited object properties', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(tools.schemaFor(name)).toBeUndefined();
  });

  it('returns one frozen id list', () => {
    expect(tools.ids()).toBe(tools.ids());
    expect(Object.isFrozen(tools.ids())).toBe(true);
  });
});
