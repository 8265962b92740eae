import { describe, expect, it } from 'vitest';
import { coreTools } from '../index.js';
import { ToolRegistry } from '../registry.js';
import { buildToolCatalog } from './build-catalog.js';
import { mergeToolCatalog } from './merge-catalog.js';
import { renderToolCatalog } from './render-catalog.js';
import { compactArgs, summarizeArgs } from './summarize-args.js';

const registry = new ToolRegistry(coreTools());
const catalog = mergeToolCatalog({ global: buildToolCatalog(registry) });

describe('renderToolCatalog', () => {
  it('shows each allowed tool on one line, with its arguments and summary, and one example call', () => {
    const text = renderToolCatalog(catalog.tools, registry.restrict(['file_reader', 'task_router']));
    expect(text).toBe(
      [
        'Tools you can use on the manuscript (arguments marked ? may be left out; dry_run: true only describes what would run):',
        "- file_reader(path, start_line?: int, end_line?: int): Read a file's exact text, or a line range (at most 400 lines a call).",
        '- task_router(user_request, dry_run?: bool): Say which specialists should answer a request and what evidence it needs; reads no files.',
        'Example call: {"tool":"file_reader","args":{"path":"Story/Scenes/SCN-01-the-lamp-room.md","start_line":1,"end_line":40},"nonce":"<TOOL_NONCE>"}',
      ].join('\n'),
    );
  });

  it('is the same text every time, lists every registered tool once, and stays lean', () => {
    const first = renderToolCatalog(catalog.tools, registry);
    expect(renderToolCatalog(catalog.tools, registry)).toBe(first);
    for (const id of registry.ids()) expect(first.split('\n').filter((line) => line.startsWith(`- ${id}(`))).toHaveLength(1);
    expect(first.length).toBeLessThan(2600);
  });

  it('uses overridden summaries from the merged catalog, and a description\'s first sentence without one', () => {
    const merged = mergeToolCatalog({
      global: buildToolCatalog(registry),
      project: { source: 'project', file: { schema_version: 1, tools: [{ id: 'task_router', summary: 'Route it.' }], prompts: {} } },
    });
    expect(renderToolCatalog(merged.tools, registry.restrict(['task_router']))).toContain('- task_router(user_request, dry_run?: bool): Route it.');
    const bare = catalog.tools.map((entry) => (entry.id === 'file_reader' ? { id: entry.id, promptId: entry.promptId, description: 'Reads a file. Then more words.', example: entry.example } : entry));
    expect(renderToolCatalog(bare, registry.restrict(['file_reader']))).toContain('): Reads a file.\n');
  });

  it('summarises enums, ranges and arrays, in full and compact', () => {
    expect(summarizeArgs(registry.schemaFor('file_locator')!)).toEqual([
      'search_criteria: string, required — words, a file name or a path fragment to look for',
      'scan_mode: "FAST_SCAN"|"DEEP_SCAN" — FAST_SCAN matches names and paths; DEEP_SCAN also searches file content',
      'max_results: integer 1-200',
      'include_globs: boolean — treat * and ? in search_criteria as wildcards',
      'dry_run: boolean',
    ]);
    expect(summarizeArgs(registry.schemaFor('search_issues')!)).toContain('tags: string[] (0-20 items)');
    expect(compactArgs(registry.schemaFor('file_locator')!)).toEqual(['search_criteria', 'scan_mode?: FAST_SCAN|DEEP_SCAN', 'max_results?: int', 'include_globs?: bool', 'dry_run?: bool']);
    expect(compactArgs(registry.schemaFor('canon_checker')!)).toEqual(['scene_path', 'canon_paths?: [string]', 'mode?: strict (default) or lenient', 'dry_run?: bool']);
  });
});
