import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FileLocatorArgsSchema, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { fileLocatorTool } from './file-locator.js';
import { fileReaderTool } from './file-reader.js';
import { coreTools } from './index.js';
import { ToolRegistry } from './registry.js';
import { searchIssuesTool } from './search-issues.js';
import { taskRouterTool } from './task-router.js';
import type { ToolDefinition } from './tool-definition.js';

const wordCount: ToolDefinition<{ text: string }> = {
  id: 'word_count',
  description: 'Counts words.',
  schema: z.strictObject({ text: z.string() }),
  example: { text: 'one two' },
  async run(args) {
    return { result: { words: args.text.split(/\s+/).length }, fileRefs: [] };
  },
};

describe('ToolRegistry', () => {
  const registry = new ToolRegistry([fileLocatorTool, fileReaderTool, taskRouterTool, searchIssuesTool, wordCount]);

  it('looks tools up by id and keeps registration order', () => {
    expect(registry.ids()).toEqual(['file_locator', 'file_reader', 'task_router', 'search_issues', 'word_count']);
    expect(registry.get('file_reader')).toBe(fileReaderTool);
    expect(registry.has('task_router')).toBe(true);
    expect(registry.has('file_viewer')).toBe(false);
    expect(registry.get('constructor')).toBeUndefined();
    expect(registry.schemaFor('constructor')).toBeUndefined();
  });

  it("gives each core tool the protocol's schema", () => {
    expect(registry.schemaFor('file_locator')).toBe(FileLocatorArgsSchema);
    for (const definition of coreTools()) expect(definition.schema).toBe(TOOL_ARG_SCHEMAS[definition.id as keyof typeof TOOL_ARG_SCHEMAS]);
  });

  it('refuses duplicate ids, ids that are not snake_case and core tools with another schema', () => {
    expect(() => new ToolRegistry([fileReaderTool, fileReaderTool])).toThrow(/registered twice/);
    expect(() => new ToolRegistry([{ ...wordCount, id: 'Word-Count' }])).toThrow(/snake_case/);
    expect(() => new ToolRegistry([{ ...fileReaderTool, schema: z.strictObject({ path: z.string() }) }])).toThrow(/protocol schema/);
  });

  it('restricts to the allowed tools, in registry order', () => {
    const restricted = registry.restrict(['search_issues', 'file_locator']);
    expect(restricted.ids()).toEqual(['file_locator', 'search_issues']);
    expect(restricted.schemaFor('file_reader')).toBeUndefined();
    expect(restricted.get('search_issues')).toBe(searchIssuesTool);
    expect(registry.ids()).toHaveLength(5);
    expect(registry.restrict([]).ids()).toEqual([]);
  });

  it('refuses a restriction naming an unknown tool', () => {
    expect(() => registry.restrict(['file_locator', 'file_viewer'])).toThrow(expect.objectContaining({ code: 'usage_error', message: expect.stringContaining('file_viewer') }));
  });
});
