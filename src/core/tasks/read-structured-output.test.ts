import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ModelResponse } from '../../protocol/index.js';
import { BatchSchema, EnvelopeSchema, PlanSchema } from '../../protocol/tasks.js';
import { readStructuredOutput } from './read-structured-output.js';

const response = (fields: Partial<ModelResponse>): ModelResponse => ({ content: '', reasoning: '', toolCalls: [], finishReason: 'stop', model: 'm', latencyMs: 1, ...fields });
const batch = { batch: [{ op: 'issue.create', params: { title: 'Check dates', body: 'Scene 4 and 7 disagree.' } }] };

describe('readStructuredOutput (the cascade)', () => {
  it('prefers the native tool call', () => {
    const read = readStructuredOutput(response({ content: 'ignored', toolCalls: [{ id: 'c1', name: 'emit_batch', arguments: JSON.stringify(batch) }] }), 'emit_batch', BatchSchema);
    expect(read).toMatchObject({ ok: true, channel: 'tool', value: batch });
  });

  it('falls back to JSON as the whole content, then to the only fenced block', () => {
    expect(readStructuredOutput(response({ content: JSON.stringify(batch) }), 'emit_batch', BatchSchema)).toMatchObject({ ok: true, channel: 'json' });
    expect(readStructuredOutput(response({ content: `\`\`\`json\n${JSON.stringify(batch)}\n\`\`\`` }), 'emit_batch', BatchSchema)).toMatchObject({ ok: true, channel: 'json' });
    expect(readStructuredOutput(response({ content: `<think>plan it</think>${JSON.stringify(batch)}` }), 'emit_batch', BatchSchema)).toMatchObject({ ok: true, channel: 'json' });
  });

  it('refuses prose, prose around JSON, a wrong tool and several calls', () => {
    expect(readStructuredOutput(response({ content: `Here you go: ${JSON.stringify(batch)}` }), 'emit_batch', BatchSchema)).toMatchObject({ ok: false, channel: 'text', issues: [{ code: 'output_not_json' }] });
    expect(readStructuredOutput(response({ toolCalls: [{ id: 'c1', name: 'emit_plan', arguments: '{}' }] }), 'emit_batch', BatchSchema)).toMatchObject({ ok: false, issues: [{ code: 'output_unknown_tool' }] });
    const two = [1, 2].map((n) => ({ id: `c${n}`, name: 'emit_batch', arguments: JSON.stringify(batch) }));
    expect(readStructuredOutput(response({ toolCalls: two }), 'emit_batch', BatchSchema)).toMatchObject({ ok: false, issues: [{ code: 'output_multiple' }] });
    expect(readStructuredOutput(response({ content: '{"batch": [,]}' }), 'emit_batch', BatchSchema)).toMatchObject({ ok: false, issues: [{ code: 'output_invalid_json' }] });
  });

  it('refuses a key written twice, in content or in native arguments, as ambiguous', () => {
    const twice = '{"batch":[{"op":"issue.create","params":{"title":"a","title":"b","body":"c"}}]}';
    expect(readStructuredOutput(response({ content: twice }), 'emit_batch', BatchSchema)).toMatchObject({ ok: false, issues: [{ code: 'output_duplicate_key', message: expect.stringContaining('batch.0.params') }] });
    const native = [{ id: 'c1', name: 'emit_batch', arguments: '{"batch":[],"batch":[]}' }];
    expect(readStructuredOutput(response({ toolCalls: native }), 'emit_batch', BatchSchema)).toMatchObject({ ok: false, issues: [{ code: 'output_duplicate_key' }] });
  });

  it('fails loud with path-level issues for every bad envelope, dropping nothing', () => {
    const mixed = { batch: [batch.batch[0], { op: 'file.patch', params: { path: 'Story/a.md', find: '', replace: 'x', extra: true } }, { op: 'issue.close', params: { id: 'ISS-1' }, note: 'x' }] };
    const read = readStructuredOutput(response({ content: JSON.stringify(mixed) }), 'emit_batch', BatchSchema);
    expect(read.ok).toBe(false);
    const paths = read.ok ? [] : read.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['batch.1.params.find', 'batch.1.params', 'batch.2']));
  });

  it('plans may carry a draft batch, risks and hints; unknown keys are refused', () => {
    expect(PlanSchema.safeParse({ summary: 's', batch: [] }).success).toBe(true);
    expect(PlanSchema.safeParse({ summary: 's', batch: [], risks: ['r'], actor_hints: ['h'] }).success).toBe(true);
    expect(PlanSchema.safeParse({ summary: 's', batch: [], steps: [] }).success).toBe(false);
    expect(BatchSchema.safeParse({ batch: [] }).success).toBe(false);
  });

  it('never throws, and never accepts what the schema refuses (property)', () => {
    const envelopeLike = fc.record({ op: fc.constantFrom('file.write', 'file.patch', 'file.delete', 'issue.create', 'issue.close', 'canon.rebuild', 'file.nuke'), params: fc.dictionary(fc.constantFrom('path', 'content', 'find', 'replace', 'title', 'body', 'id', 'x'), fc.oneof(fc.string(), fc.integer())) }, { requiredKeys: [] });
    const text = fc.oneof(
      fc.string(),
      fc.json(),
      fc.array(envelopeLike, { maxLength: 4 }).map((entries) => JSON.stringify({ batch: entries })),
      fc.array(envelopeLike, { maxLength: 4 }).map((entries) => `\`\`\`json\n${JSON.stringify({ batch: entries })}\n\`\`\``),
    );
    fc.assert(
      fc.property(text, fc.boolean(), (content, native) => {
        const read = readStructuredOutput(native ? response({ toolCalls: [{ id: 'c', name: 'emit_batch', arguments: content }] }) : response({ content }), 'emit_batch', BatchSchema);
        if (read.ok) {
          expect(BatchSchema.safeParse(read.value).success).toBe(true);
          for (const envelope of read.value.batch) expect(EnvelopeSchema.safeParse(envelope).success).toBe(true);
        } else {
          expect(read.issues.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
