import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TOOL_ARG_SCHEMAS, type ToolCallVerdict } from '../../protocol/index.js';
import { parseToolCall } from './parse-tool-call.js';
import { MAX_TOOL_CALL_CHARS } from './read-single-object.js';
import { schemaLookupFrom, type ToolSchemaLookup } from './tool-schema-lookup.js';

const NONCE = 'n-9d2b7e41';
const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const options = { nonce: NONCE, tools };
const envelope = (tool: string, args: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ tool, args, nonce: NONCE, ...extra });
const READ = envelope('file_reader', { path: 'Story/Scenes/SCN-01-arrival.md', start_line: 3 });

function codeOf(text: string, overrides: Partial<typeof options> & { allowedTools?: string[] } = {}): string {
  const verdict = parseToolCall(text, { ...options, ...overrides });
  return verdict.ok ? 'accepted' : verdict.code;
}

describe('parseToolCall', () => {
  it('accepts a JSON-only call and returns the schema-checked args', () => {
    const verdict: ToolCallVerdict = parseToolCall(READ, options);
    expect(verdict).toEqual({
      ok: true,
      tool: 'file_reader',
      args: { path: 'Story/Scenes/SCN-01-arrival.md', start_line: 3 },
      applied: [],
    });
    expect(codeOf(`\n  ${READ}\n\t`)).toBe('accepted');
  });

  it('rejects a wrong, missing, empty or non-string nonce', () => {
    expect(codeOf(READ.replace(NONCE, 'n-00000000'))).toBe('tool_call_nonce_invalid');
    expect(codeOf(JSON.stringify({ tool: 'outline_analyzer', args: {} }))).toBe('tool_call_nonce_invalid');
    expect(codeOf(JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: 7 }))).toBe('tool_call_nonce_invalid');
    expect(codeOf(READ.replace(NONCE, ` ${NONCE}`))).toBe('tool_call_nonce_invalid');
    // A turn without a nonce accepts nothing, not even an empty nonce.
    expect(codeOf(JSON.stringify({ tool: 'outline_analyzer', args: {}, nonce: '' }), { nonce: '' })).toBe('tool_call_nonce_invalid');
    const missing = parseToolCall(JSON.stringify({ tool: 'outline_analyzer', args: {} }), options);
    expect(missing).toMatchObject({ ok: false, issues: [{ code: 'nonce_invalid', path: ['nonce'] }] });
    expect(!missing.ok && missing.message).toMatch(/missing/);
  });

  it('rejects extra text, code fences and reasoning around the JSON', () => {
    expect(codeOf(`Here you go: ${READ}`)).toBe('tool_call_invalid_format');
    expect(codeOf(`${READ}\nDone.`)).toBe('tool_call_invalid_format');
    const fenced = parseToolCall(`\`\`\`json\n${READ}\n\`\`\``, options);
    expect(fenced).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    expect(!fenced.ok && fenced.message).toMatch(/code fence/);
    expect(codeOf(`<think>read it</think>${READ}`)).toBe('tool_call_invalid_format');
  });

  it('rejects two or more objects or calls as multiple', () => {
    const other = envelope('outline_analyzer', {});
    expect(codeOf(`${READ}${other}`)).toBe('tool_call_multiple');
    expect(codeOf(`${READ}\n${other}`)).toBe('tool_call_multiple');
    expect(codeOf(`[${READ}, ${other}]`)).toBe('tool_call_multiple');
    expect(codeOf(JSON.stringify({ tool_calls: [JSON.parse(READ), JSON.parse(other)] }))).toBe('tool_call_multiple');
    expect(codeOf(JSON.stringify({ calls: [1, 2] }))).toBe('tool_call_multiple');
  });

  it('checks format before multiple: a broken or trailing part makes the whole reply invalid format', () => {
    expect(codeOf(`${READ}{"tool":`)).toBe('tool_call_invalid_format');
    expect(codeOf(`${READ}${READ} and more`)).toBe('tool_call_invalid_format');
    expect(codeOf(`${READ}{'a': 1}`)).toBe('tool_call_invalid_format');
  });

  it('rejects plain-text tool syntax and names it in the message', () => {
    for (const text of ['file_locator(search_criteria="outline")', '[Tool Request] file_reader Canon.md', `<tool_call>${READ}</tool_call>`]) {
      const verdict = parseToolCall(text, options);
      expect(verdict).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
      expect(!verdict.ok && verdict.message).toMatch(/plain-text tool syntax/);
    }
  });

  it('rejects missing or unknown top-level keys with a hint at the right key', () => {
    const drift = parseToolCall(JSON.stringify({ tool: 'file_reader', parameters: { path: 'Canon.md' }, nonce: NONCE }), options);
    expect(drift).toMatchObject({
      ok: false,
      code: 'tool_call_invalid_format',
      issues: [
        { code: 'unrecognized_key', path: ['parameters'] },
        { code: 'missing_key', path: ['args'] },
      ],
    });
    expect(!drift.ok && drift.message).toMatch(/use "args"/);
    expect(codeOf(envelope('file_reader', { path: 'Canon.md' }, { reason: 'checking' }))).toBe('tool_call_invalid_format');
    expect(codeOf(JSON.stringify({ name: 'file_reader', arguments: { path: 'Canon.md' } }))).toBe('tool_call_invalid_format');
  });

  it('accepts args sent as a string holding a JSON object, and reports it', () => {
    expect(parseToolCall(envelope('file_reader', JSON.stringify({ path: 'Canon.md' })), options)).toEqual({
      ok: true,
      tool: 'file_reader',
      args: { path: 'Canon.md' },
      applied: [{ kind: 'args_json_string', from: 'string', to: 'object' }],
    });
    expect(codeOf(envelope('file_reader', '["Canon.md"]'))).toBe('tool_call_invalid_format');
    expect(codeOf(envelope('file_reader', 'Canon.md'))).toBe('tool_call_invalid_format');
    expect(codeOf(envelope('file_reader', ['Canon.md']))).toBe('tool_call_invalid_format');
  });

  it('rejects an unknown tool and lists the allowed names', () => {
    const verdict = parseToolCall(envelope('web_search', { query: 'x' }), options);
    expect(verdict).toMatchObject({ ok: false, code: 'tool_call_unknown_tool', issues: [{ path: ['tool'] }] });
    expect(!verdict.ok && verdict.message).toContain('file_locator, file_reader, outline_analyzer');
  });

  it('honours allowedTools, also for aliases, and lists only the allowed tools', () => {
    const allowedTools = ['file_locator', 'outline_analyzer'];
    expect(codeOf(envelope('outline_analyzer', {}), { allowedTools })).toBe('accepted');
    const refused = parseToolCall(READ, { ...options, allowedTools });
    expect(refused).toMatchObject({ ok: false, code: 'tool_call_unknown_tool' });
    expect(!refused.ok && refused.message).toMatch(/not allowed for this request\. Allowed tools: file_locator, outline_analyzer\.$/);
    expect(codeOf(envelope('file_viewer', { path: 'Canon.md' }), { allowedTools })).toBe('tool_call_unknown_tool');
    expect(codeOf(envelope('find_file', { search_criteria: 'x' }), { allowedTools })).toBe('accepted');
  });

  it('rejects invalid args with path-level issues from the schema and names the tool', () => {
    const verdict = parseToolCall(envelope('file_locator', { search_criteria: '', max_results: 500, colour: 'red' }), options);
    expect(verdict).toMatchObject({ ok: false, code: 'tool_call_invalid_args', tool: 'file_locator' });
    expect(!verdict.ok && verdict.issues).toEqual([
      expect.objectContaining({ code: 'too_small', path: ['args', 'search_criteria'] }),
      expect.objectContaining({ code: 'too_big', path: ['args', 'max_results'] }),
      expect.objectContaining({ code: 'unrecognized_keys', path: ['args', 'colour'], message: expect.stringContaining('search_criteria, scan_mode') }),
    ]);
  });

  it('reports every alias and key normalisation, in the order applied', () => {
    expect(parseToolCall(envelope('File-Viewer', { Path: 'Canon.md', startLine: 2 }), options)).toEqual({
      ok: true,
      tool: 'file_reader',
      args: { path: 'Canon.md', start_line: 2 },
      applied: [
        { kind: 'tool_alias', from: 'File-Viewer', to: 'file_reader' },
        { kind: 'arg_key', from: 'Path', to: 'path' },
        { kind: 'arg_key', from: 'startLine', to: 'start_line' },
      ],
    });
    for (const key of ['assignedTo', 'assigned_to', 'Assigned-To']) {
      const verdict = parseToolCall(envelope('search_issues', { [key]: 'continuity' }), options);
      expect(verdict).toMatchObject({ ok: true, args: { assignedTo: 'continuity' } });
      expect(verdict.ok && verdict.applied).toEqual(key === 'assignedTo' ? [] : [{ kind: 'arg_key', from: key, to: 'assignedTo' }]);
    }
  });

  it('gives one code per input by checking in a fixed order', () => {
    // keys before nonce, nonce before tool, tool before args.
    expect(codeOf(JSON.stringify({ tool: 'nope', args: {}, nonce: 'wrong', extra: 1 }))).toBe('tool_call_invalid_format');
    expect(codeOf(JSON.stringify({ tool: 'nope', args: { bad: 1 }, nonce: 'wrong' }))).toBe('tool_call_nonce_invalid');
    expect(codeOf(envelope('nope', { bad: 1 }))).toBe('tool_call_unknown_tool');
  });

  it('refuses input over the size bound cheaply, and still reads input right at the bound', () => {
    const huge = parseToolCall(`${READ}${' '.repeat(MAX_TOOL_CALL_CHARS)}`, options);
    expect(huge).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    expect(!huge.ok && huge.message).toMatch(/65536 characters \(64 KiB\)/);
    expect(codeOf(READ.padEnd(MAX_TOOL_CALL_CHARS, ' '))).toBe('accepted');
  });

  it('reads braces and escaped quotes inside strings as text', () => {
    const tricky = envelope('task_router', { user_request: 'she wrote "}{" \\ on the wall {' });
    expect(parseToolCall(tricky, options)).toMatchObject({ ok: true, args: { user_request: 'she wrote "}{" \\ on the wall {' } });
    expect(codeOf(`${tricky}\n${tricky}`)).toBe('tool_call_multiple');
  });

  it('keeps "__proto__" as data: refused as an unknown argument, no prototype touched', () => {
    const verdict = parseToolCall(`{"tool":"file_reader","args":{"Path":"Canon.md","__proto__":{"polluted":true}},"nonce":"${NONCE}"}`, options);
    expect(verdict).toMatchObject({ ok: false, code: 'tool_call_invalid_args' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws, even when the registry does or the input is not a string', () => {
    const broken: ToolSchemaLookup = {
      schemaFor: () => {
        throw new Error('registry offline');
      },
      ids: () => ['file_reader'],
    };
    expect(parseToolCall(READ, { nonce: NONCE, tools: broken })).toMatchObject({ ok: false, code: 'tool_call_invalid_format', message: expect.stringContaining('registry offline') });
    expect(parseToolCall(undefined as unknown as string, options)).toMatchObject({ ok: false, code: 'tool_call_invalid_format' });
    const deep = `{"tool":"task_router","args":{"user_request":${'['.repeat(20_000)}${']'.repeat(20_000)}},"nonce":"${NONCE}"}`;
    expect(codeOf(deep)).toBe('tool_call_invalid_args');
  });

  it('works with any registry that implements the lookup, not just the core tools', () => {
    const custom = schemaLookupFrom({ word_counter: z.strictObject({ scene_path: z.string() }) });
    expect(parseToolCall(envelope('Word-Counter', { scenePath: 'a.md' }), { nonce: NONCE, tools: custom })).toEqual({
      ok: true,
      tool: 'word_counter',
      args: { scene_path: 'a.md' },
      applied: [
        { kind: 'tool_alias', from: 'Word-Counter', to: 'word_counter' },
        { kind: 'arg_key', from: 'scenePath', to: 'scene_path' },
      ],
    });
    // A class-based registry keeps its `this` on every path, including refusals that read ids().
    class Registry implements ToolSchemaLookup {
      private readonly schemas = new Map<string, z.ZodObject>([['word_counter', z.strictObject({ scene_path: z.string() })]]);
      schemaFor(id: string) {
        return this.schemas.get(id);
      }
      ids() {
        return [...this.schemas.keys()];
      }
    }
    const registry = new Registry();
    expect(parseToolCall('word_counter(scene_path="a.md")', { nonce: NONCE, tools: registry })).toMatchObject({ code: 'tool_call_invalid_format', message: expect.stringContaining('plain-text tool syntax') });
    expect(parseToolCall(envelope('nope', {}), { nonce: NONCE, tools: registry })).toMatchObject({ code: 'tool_call_unknown_tool', message: expect.stringContaining('word_counter') });
    // Aliases only count when their target is registered.
    expect(parseToolCall(envelope('file_viewer', { path: 'a.md' }), { nonce: NONCE, tools: custom })).toMatchObject({ code: 'tool_call_unknown_tool' });
  });
});
