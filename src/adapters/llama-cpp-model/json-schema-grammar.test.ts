/**
 * The strict schemas through node-llama-cpp's JSON-schema-to-grammar conversion (the grammar the
 * embedded model generates under). Each schema must convert without falling back to "any JSON",
 * and the converted schema must accept the strict replies and refuse the wrong ones.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOOL_ARG_SCHEMAS } from '../../protocol/index.js';
import { CANON_EXTRACTION_FORMAT } from '../../core/canon/index.js';
import { decisionResponseFormat, envelopeResponseFormat, schemaLookupFrom } from '../../core/tool-calls/index.js';
import { toGbnfJsonSchema } from './to-gbnf-json-schema.js';

interface GrammarLlama {
  createGrammarForJsonSchema(schema: unknown): Promise<{ grammar: string; parse(json: string): unknown }>;
  dispose(): Promise<void>;
}

let llama: GrammarLlama | null = null;
let skipReason = '';

beforeAll(async () => {
  try {
    const module = (await import('node-llama-cpp')) as unknown as { getLlama(options: object): Promise<GrammarLlama> };
    llama = await module.getLlama({ build: 'never', gpu: false, logLevel: 'error' });
  } catch (error) {
    skipReason = `node-llama-cpp's native binding cannot load here (${error instanceof Error ? error.message : String(error)})`;
    console.warn(`Skipping the grammar conversion tests: ${skipReason}`);
  }
}, 60_000);
afterAll(async () => {
  await llama?.dispose();
});

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);

async function grammarFor(schema: unknown) {
  const warn = vi.spyOn(console, 'warn');
  try {
    const grammar = await llama!.createGrammarForJsonSchema(toGbnfJsonSchema(schema));
    expect(warn, 'node-llama-cpp warned about the schema (an unsupported keyword falls back to any JSON)').not.toHaveBeenCalled();
    return grammar;
  } finally {
    warn.mockRestore();
  }
}

describe('strict schemas through node-llama-cpp\'s grammar conversion', () => {
  it('converts the envelope and keeps the tool ids, the nonce and the closed args', async (context) => {
    if (!llama) return context.skip(skipReason);
    const grammar = await grammarFor(envelopeResponseFormat({ nonce: 'nonce-7', tools }).json_schema.schema);
    expect(grammar.grammar).toContain('nonce-7');
    const valid = { tool: 'file_reader', args: { path: 'Story/a.md', start_line: null, end_line: 4 }, nonce: 'nonce-7' };
    expect(grammar.parse(JSON.stringify(valid))).toEqual(valid);
    const locator = { tool: 'file_locator', args: { search_criteria: 'lamp', scan_mode: 'DEEP_SCAN', max_results: null, include_globs: null, dry_run: false }, nonce: 'nonce-7' };
    expect(grammar.parse(JSON.stringify(locator))).toEqual(locator);
    for (const wrong of [
      { ...valid, nonce: 'other' },
      { ...valid, tool: 'file_writer' },
      { ...valid, extra: 1 },
      { tool: 'file_reader', args: { path: 'Story/a.md' }, nonce: 'nonce-7' },
      { ...valid, args: { ...valid.args, start_line: 'one' } },
      { ...locator, args: { ...locator.args, scan_mode: 'SLOW_SCAN' } },
    ]) {
      expect(() => grammar.parse(JSON.stringify(wrong)), JSON.stringify(wrong)).toThrow();
    }
  }, 60_000);

  it('converts the decision with its nullable tool and args, and the one-tool and no-tool forms', async (context) => {
    if (!llama) return context.skip(skipReason);
    const decision = await grammarFor(decisionResponseFormat({ nonce: 'n', tools }).json_schema.schema);
    const final = { action: 'final', tool: null, args: null, nonce: 'n' };
    expect(decision.parse(JSON.stringify(final))).toEqual(final);
    const again = { action: 'tool', tool: 'prose_analyzer', args: { scene_path: 'Story/a.md', focus: null, dry_run: null }, nonce: 'n' };
    expect(decision.parse(JSON.stringify(again))).toEqual(again);
    expect(() => decision.parse(JSON.stringify({ action: 'stop', tool: null, args: null, nonce: 'n' }))).toThrow();
    const single = await grammarFor(envelopeResponseFormat({ nonce: 'n', tools, allowedTools: ['consistency_checker'] }).json_schema.schema);
    const call = { tool: 'consistency_checker', args: { file_paths: ['Story/a.md'], focus: 'events', dry_run: null }, nonce: 'n' };
    expect(single.parse(JSON.stringify(call))).toEqual(call);
    const none = await grammarFor(decisionResponseFormat({ nonce: 'n', tools, allowedTools: [] }).json_schema.schema);
    expect(none.parse(JSON.stringify(final))).toEqual(final);
    expect(() => none.parse(JSON.stringify({ ...final, action: 'tool' }))).toThrow();
  }, 60_000);

  it('converts the 1:1 decision with its answer, and the canon extraction format', async (context) => {
    if (!llama) return context.skip(skipReason);
    const decision = await grammarFor(decisionResponseFormat({ nonce: 'n', tools, answer: true }).json_schema.schema);
    const final = { action: 'final', tool: null, args: null, nonce: 'n', answer: 'Grey.\nEvidence: content | Compendium/a.md | "grey" | receipt rcpt_0123456789' };
    expect(decision.parse(JSON.stringify(final))).toEqual(final);
    const again = { action: 'tool', tool: 'outline_analyzer', args: { outline_path: null, mode: 'beats', dry_run: null }, nonce: 'n', answer: null };
    expect(decision.parse(JSON.stringify(again))).toEqual(again);
    expect(() => decision.parse(JSON.stringify({ action: 'final', tool: null, args: null, nonce: 'n' }))).toThrow();
    const canon = await grammarFor(CANON_EXTRACTION_FORMAT.json_schema.schema);
    const facts = { facts: [{ subject: 'Hester Vane', attribute: 'eyes', value: 'grey', quote: 'Eyes: grey' }] };
    expect(canon.parse(JSON.stringify(facts))).toEqual(facts);
    expect(() => canon.parse(JSON.stringify({ facts: [{ subject: 'Hester Vane', attribute: 'eyes', value: 'grey' }] }))).toThrow();
  }, 60_000);
});
