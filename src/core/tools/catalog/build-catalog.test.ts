import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolCatalogFileSchema, ToolEnvelopeSchema } from '../../../protocol/index.js';
import { parseToolCall } from '../../tool-calls/parse-tool-call.js';
import { coreTools } from '../index.js';
import { ToolRegistry } from '../registry.js';
import { buildToolCatalog, catalogEntryOf, exampleEnvelope, promptIdOf } from './build-catalog.js';

const registry = new ToolRegistry(coreTools());

describe('buildToolCatalog', () => {
  const catalog = buildToolCatalog(registry);

  it('has one valid entry per registered tool, in registry order, with hyphenated prompt ids', () => {
    expect(ToolCatalogFileSchema.parse(catalog)).toEqual(catalog);
    expect(catalog.tools.map((entry) => entry.id)).toEqual(registry.ids());
    for (const entry of catalog.tools) expect(entry.promptId).toBe(entry.id.replace(/_/g, '-'));
    expect(promptIdOf('scene_draft_validator')).toBe('scene-draft-validator');
  });

  it('gives JSON-only envelope examples that pass the tool schema and name the nonce placeholder', () => {
    for (const entry of catalog.tools) {
      const envelope = ToolEnvelopeSchema.parse(JSON.parse(entry.example));
      expect(Object.keys(JSON.parse(entry.example))).toEqual(['tool', 'args', 'nonce']);
      expect(envelope.tool).toBe(entry.id);
      expect(envelope.nonce).toBe('<TOOL_NONCE>');
      expect(registry.schemaFor(entry.id)?.safeParse(envelope.args).success).toBe(true);
    }
  });

  it('gives examples the real tool-call parser accepts once the placeholder is the turn nonce', () => {
    for (const entry of catalog.tools) {
      const reply = entry.example.replace('<TOOL_NONCE>', 'nonce-123');
      expect(parseToolCall(reply, { nonce: 'nonce-123', tools: registry })).toMatchObject({ ok: true, tool: entry.id });
    }
  });

  it('matches the seed example for file_locator exactly', () => {
    expect(catalog.tools.find((entry) => entry.id === 'file_locator')?.example).toBe(
      '{"tool":"file_locator","args":{"search_criteria":"Story/SCN-outline.md","scan_mode":"FAST_SCAN","max_results":12,"include_globs":false,"dry_run":false},"nonce":"<TOOL_NONCE>"}',
    );
    expect(exampleEnvelope('task_router', { user_request: '...' })).toBe('{"tool":"task_router","args":{"user_request":"..."},"nonce":"<TOOL_NONCE>"}');
  });

  it('refuses a tool whose example fails its own schema', () => {
    const broken = { id: 'broken_tool', description: 'Broken.', schema: z.strictObject({ n: z.number() }), example: { n: 'one' }, run: async () => ({ result: {}, fileRefs: [] }) };
    expect(() => catalogEntryOf(broken)).toThrow(/fails its own schema/);
  });
});
