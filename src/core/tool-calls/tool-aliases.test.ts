import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CORE_TOOL_IDS, TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { normalName } from './normal-name.js';
import { parseToolCall } from './parse-tool-call.js';
import { resolveToolId } from './resolve-tool-id.js';
import { TOOL_ALIASES } from './tool-aliases.js';
import { schemaLookupFrom } from './tool-schema-lookup.js';

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);

describe('tool aliases', () => {
  it('are in normal form, point at core tools, and never shadow a core tool id', () => {
    for (const [alias, target] of TOOL_ALIASES) {
      expect(normalName(alias)).toBe(alias);
      expect(CORE_TOOL_IDS).toContain(target);
      expect(CORE_TOOL_IDS).not.toContain(alias);
    }
  });

  it('keep reading a file and finding a file apart', () => {
    for (const alias of ['file_viewer', 'read_file', 'file_read', 'open_file']) expect(TOOL_ALIASES.get(alias)).toBe('file_reader');
    for (const alias of ['find_file', 'locate_file', 'file_search']) expect(TOOL_ALIASES.get(alias)).toBe('file_locator');
    for (const ambiguous of ['search', 'read', 'find', 'search_files', 'grep']) expect(TOOL_ALIASES.has(ambiguous)).toBe(false);
  });

  it('are each applied by the parser and reported as a tool alias', () => {
    const minimalArgs: Record<string, Record<string, unknown>> = {
      file_reader: { path: 'Canon.md' },
      file_locator: { search_criteria: 'outline' },
      outline_analyzer: {},
      prose_analyzer: { scene_path: 'Story/Scenes/SCN-01.md' },
    };
    for (const [alias, target] of TOOL_ALIASES) {
      const verdict = parseToolCall(JSON.stringify({ tool: alias, args: minimalArgs[target], nonce: 'n' }), { nonce: 'n', tools });
      expect(verdict, alias).toEqual({ ok: true, tool: target, args: minimalArgs[target], applied: [{ kind: 'tool_alias', from: alias, to: target }] });
    }
  });
});

describe('resolveToolId', () => {
  it('resolves exact ids without reporting anything', () => {
    expect(resolveToolId('prose_analyzer', tools)).toEqual({ ok: true, id: 'prose_analyzer', schema: TOOL_ARG_SCHEMAS.prose_analyzer });
  });

  it('resolves case and separator variants of registered ids, and reports them', () => {
    for (const name of ['file-locator', 'FILE_LOCATOR', 'fileLocator', 'File Locator', ' file_locator ']) {
      expect(resolveToolId(name, tools)).toEqual({ ok: true, id: 'file_locator', schema: TOOL_ARG_SCHEMAS.file_locator, alias: { kind: 'tool_alias', from: name, to: 'file_locator' } });
    }
  });

  it('resolves curated aliases in any spelling', () => {
    expect(resolveToolId('FileViewer', tools)).toMatchObject({ ok: true, id: 'file_reader', alias: { kind: 'tool_alias', from: 'FileViewer', to: 'file_reader' } });
    expect(resolveToolId('outline-analyser', tools)).toMatchObject({ ok: true, id: 'outline_analyzer' });
  });

  it('refuses unknown names and names outside the allow-list, listing what is allowed', () => {
    expect(resolveToolId('search', tools)).toEqual({ ok: false, reason: 'unknown', allowed: [...CORE_TOOL_IDS] });
    expect(resolveToolId('file_reader', tools, ['file_locator', 'not_registered'])).toEqual({ ok: false, reason: 'not_allowed', allowed: ['file_locator'] });
    expect(resolveToolId('x'.repeat(5000), tools)).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('lets a registered id win over an alias of the same name', () => {
    const custom = schemaLookupFrom({ read_file: z.strictObject({}), file_reader: z.strictObject({}) });
    expect(resolveToolId('read_file', custom)).toMatchObject({ ok: true, id: 'read_file' });
    expect(resolveToolId('read_file', custom)).not.toHaveProperty('alias');
    expect(resolveToolId('Read-File', custom)).toMatchObject({ ok: true, id: 'read_file' });
  });

  it('refuses a variant that two registered ids share instead of picking one', () => {
    const custom = schemaLookupFrom({ word_count: z.strictObject({}), wordCount: z.strictObject({}) });
    expect(resolveToolId('Word-Count', custom)).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('follows a registry whose id list changes', () => {
    let ids = ['alpha_tool'];
    const schemas = new Map([['alpha_tool', z.strictObject({})], ['beta_tool', z.strictObject({})]]);
    const registry = { schemaFor: (id: string) => (ids.includes(id) ? schemas.get(id) : undefined), ids: () => ids };
    expect(resolveToolId('Beta-Tool', registry)).toMatchObject({ ok: false });
    ids = ['alpha_tool', 'beta_tool'];
    expect(resolveToolId('Beta-Tool', registry)).toMatchObject({ ok: true, id: 'beta_tool' });
  });
});
