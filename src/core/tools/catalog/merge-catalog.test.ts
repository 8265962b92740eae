import { describe, expect, it } from 'vitest';
import type { PromptsFile } from '../../../protocol/index.js';
import { coreTools } from '../index.js';
import { ToolRegistry } from '../registry.js';
import { buildToolCatalog } from './build-catalog.js';
import { mergeToolCatalog } from './merge-catalog.js';

const registry = new ToolRegistry(coreTools());
const global = buildToolCatalog(registry);
const prompts = (tools: PromptsFile['tools'], extra: Record<string, string> = {}): PromptsFile => ({ schema_version: 1, tools, prompts: extra });
const entry = (merged: ReturnType<typeof mergeToolCatalog>, id: string) => merged.tools.find((tool) => tool.id === id);

describe('mergeToolCatalog', () => {
  it('is the global catalog, without warnings, when there is nothing to merge', () => {
    const merged = mergeToolCatalog({ global });
    expect(merged).toEqual({ tools: global.tools, prompts: {}, warnings: [] });
    expect(merged.tools[0]).not.toBe(global.tools[0]);
  });

  it('applies a project description override and warns about it', () => {
    const merged = mergeToolCatalog({
      global,
      project: { source: '.control-room/prompts/prompts.json', file: prompts([{ id: 'file_reader', description: 'Read our chapters.' }]) },
    });
    expect(entry(merged, 'file_reader')?.description).toBe('Read our chapters.');
    expect(merged.warnings).toEqual(['.control-room/prompts/prompts.json overrides the description of the core tool "file_reader".']);
  });

  it('layers user then project, the project winning, with a warning for each override', () => {
    const example = '{"tool":"task_router","args":{"user_request":"Who should check the timeline?"},"nonce":"<TOOL_NONCE>"}';
    const merged = mergeToolCatalog({
      global,
      user: { source: '~/.control-room/prompts.json', file: prompts([{ id: 'task_router', description: 'Mine.', example }], { greeting: 'hi', tone: 'warm' }) },
      project: { source: 'project', file: prompts([{ id: 'task_router', description: 'Ours.' }], { tone: 'dry' }) },
      schemas: registry,
    });
    expect(entry(merged, 'task_router')).toMatchObject({ description: 'Ours.', example, promptId: 'task-router' });
    expect(merged.prompts).toEqual({ greeting: 'hi', tone: 'dry' });
    expect(merged.warnings).toEqual([
      '~/.control-room/prompts.json overrides the description and example of the core tool "task_router".',
      'project overrides the description of the core tool "task_router".',
    ]);
  });

  it('does not warn about an entry that repeats the core text', () => {
    const core = entry(mergeToolCatalog({ global }), 'search_issues');
    const merged = mergeToolCatalog({ global, project: { source: 'project', file: prompts([{ ...core, id: 'search_issues' }]) } });
    expect(merged.warnings).toEqual([]);
  });

  it('skips entries for tools that do not exist, with a warning and no error', () => {
    const merged = mergeToolCatalog({ global, project: { source: 'project', file: prompts([{ id: 'summon_muse', description: 'Inspire.' }]) } });
    expect(merged.tools.map((tool) => tool.id)).toEqual(global.tools.map((tool) => tool.id));
    expect(merged.warnings).toEqual(['project: "summon_muse" is not a known tool, so its entry was skipped.']);
  });

  it.each([
    ['file_reader(path="x")', 'it is not JSON'],
    ['{"tool":"file_reader","args":{"path":"x"}}', 'it is not a {"tool","args","nonce"} envelope'],
    ['{"tool":"file_locator","args":{"search_criteria":"x"},"nonce":"<TOOL_NONCE>"}', 'it calls file_locator, not file_reader'],
    ['{"tool":"file_reader","args":{"path":"x"},"nonce":"abc"}', 'its nonce must be the placeholder <TOOL_NONCE>'],
    ['{"tool":"file_reader","args":{"file":"x"},"nonce":"<TOOL_NONCE>"}', "its args fail the tool's schema"],
  ])('keeps the core example when an override is not a valid envelope: %s', (example, reason) => {
    const merged = mergeToolCatalog({ global, project: { source: 'project', file: prompts([{ id: 'file_reader', example }]) }, schemas: registry });
    expect(entry(merged, 'file_reader')?.example).toBe(global.tools.find((tool) => tool.id === 'file_reader')?.example);
    expect(merged.warnings).toEqual([`project: the example for "file_reader" was ignored because ${reason}.`]);
  });

  it('keeps prompt ids derived from tool ids', () => {
    const merged = mergeToolCatalog({ global, project: { source: 'project', file: prompts([{ id: 'file_reader', promptId: 'reader' }]) } });
    expect(entry(merged, 'file_reader')?.promptId).toBe('file-reader');
    expect(merged.warnings).toEqual(['project: the promptId of "file_reader" is always "file-reader"; "reader" was ignored.']);
  });
});
