import { describe, expect, it } from 'vitest';
import { fileReaderTool } from '../file-reader.js';
import { coreTools } from '../index.js';
import { ToolRegistry } from '../registry.js';
import { taskRouterTool } from '../task-router.js';
import { buildToolCatalog } from './build-catalog.js';
import { mergeToolCatalog } from './merge-catalog.js';
import { renderToolCatalog } from './render-catalog.js';
import { summarizeArgs } from './summarize-args.js';

const registry = new ToolRegistry(coreTools());
const catalog = mergeToolCatalog({ global: buildToolCatalog(registry) });

describe('renderToolCatalog', () => {
  it('shows each allowed tool with its description, arguments and example', () => {
    const text = renderToolCatalog(catalog.tools, registry.restrict(['file_reader', 'task_router']));
    expect(text).toBe(
      [
        'Tools (call exactly one per message as the JSON envelope shown; dry_run: true only describes what would run):',
        `- file_reader: ${fileReaderTool.description}`,
        '  args:',
        '    - path: string, required — VFS path, e.g. Story/Scenes/SCN-01-the-lamp-room.md',
        '    - start_line: integer >= 1',
        '    - end_line: integer >= 1',
        '  example: {"tool":"file_reader","args":{"path":"Story/Scenes/SCN-01-the-lamp-room.md","start_line":1,"end_line":40},"nonce":"<TOOL_NONCE>"}',
        `- task_router: ${taskRouterTool.description}`,
        '  args:',
        '    - user_request: string, required',
        '    - dry_run: boolean',
        '  example: {"tool":"task_router","args":{"user_request":"Does Hester ever mention the colour of her eyes?","dry_run":false},"nonce":"<TOOL_NONCE>"}',
      ].join('\n'),
    );
  });

  it('is the same text every time and lists every registered tool once', () => {
    const first = renderToolCatalog(catalog.tools, registry);
    expect(renderToolCatalog(catalog.tools, registry)).toBe(first);
    for (const id of registry.ids()) expect(first.split('\n').filter((line) => line.startsWith(`- ${id}:`))).toHaveLength(1);
  });

  it('uses overridden descriptions from the merged catalog', () => {
    const merged = mergeToolCatalog({
      global: buildToolCatalog(registry),
      project: { source: 'project', file: { schema_version: 1, tools: [{ id: 'task_router', description: 'Route it.' }], prompts: {} } },
    });
    expect(renderToolCatalog(merged.tools, registry.restrict(['task_router']))).toContain('- task_router: Route it.');
  });

  it('summarises enums, ranges and arrays', () => {
    expect(summarizeArgs(registry.schemaFor('file_locator')!)).toEqual([
      'search_criteria: string, required — words, a file name or a path fragment to look for',
      'scan_mode: "FAST_SCAN"|"DEEP_SCAN" — FAST_SCAN matches names and paths; DEEP_SCAN also searches file content',
      'max_results: integer 1-200',
      'include_globs: boolean — treat * and ? in search_criteria as wildcards',
      'dry_run: boolean',
    ]);
    expect(summarizeArgs(registry.schemaFor('search_issues')!)).toContain('tags: string[] (0-20 items)');
  });
});
