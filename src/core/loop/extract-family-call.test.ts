import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOL_ARG_SCHEMAS, type ModelResponse } from '../../protocol/index.js';
import { modelFamilyOf, schemaLookupFrom, type ModelFamily } from '../tool-calls/index.js';
import { extractStep, type ExtractOptions } from './extract-call.js';

const tools = schemaLookupFrom(TOOL_ARG_SCHEMAS);
const NONCE = 'n0nce-7f3a';
const response = (content: string, toolCalls: ModelResponse['toolCalls'] = []): ModelResponse => ({ content, reasoning: '', toolCalls, finishReason: 'stop', model: 'm', latencyMs: 1 });
const options = (family: ModelFamily, extra: Partial<ExtractOptions> = {}): ExtractOptions => ({ step: 'envelope', profile: 'cascade', nonce: NONCE, tools, requireTool: false, family, ...extra });
const ARGS = { path: 'Story/Scenes/SCN-harbour.md' };
const json = (value: unknown) => JSON.stringify(value);

/** Each family's own ways of writing one file_reader call, with the nonce where the format can carry it. */
const FORMATS: Record<Exclude<ModelFamily, 'generic'>, Array<(nonce: string) => string>> = {
  qwen: [
    (nonce) => `<tool_call>\n${json({ name: 'file_reader', arguments: { ...ARGS, nonce } })}\n</tool_call>`,
    (nonce) => `I'll check the scene.\n<tool_call>\n${json({ name: 'file_reader', arguments: ARGS, nonce })}\n</tool_call>`,
    (nonce) => `<tool_call>${json({ tool: 'file_reader', args: ARGS, nonce })}</tool_call>`,
    (nonce) => `<think>The writer wants the harbour scene.</think>\n<tool_call>\n${json({ name: 'file_reader', arguments: json({ ...ARGS, nonce }) })}`,
  ],
  llama: [
    (nonce) => `<|python_tag|>${json({ name: 'file_reader', parameters: { ...ARGS, nonce } })}<|eom_id|>`,
    (nonce) => json({ name: 'file_reader', parameters: { ...ARGS, nonce } }),
    (nonce) => `<function=file_reader>${json({ ...ARGS, nonce })}</function>`,
  ],
  mistral: [
    (nonce) => `[TOOL_CALLS][${json({ name: 'file_reader', arguments: { ...ARGS, nonce } })}]`,
    (nonce) => `[TOOL_CALLS]file_reader[ARGS]${json({ ...ARGS, nonce })}`,
    (nonce) => `[TOOL_CALLS]file_reader[CALL_ID]a1B2c3D4e[ARGS]${json({ ...ARGS, nonce })}</s>`,
    (nonce) => `[TOOL_CALLS] ${json({ name: 'file_reader', arguments: ARGS, nonce, id: 'x9' })}`,
  ],
  deepseek: [
    (nonce) => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>file_reader\n\`\`\`json\n${json({ ...ARGS, nonce })}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
    (nonce) => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>file_reader<｜tool▁sep｜>${json({ ...ARGS, nonce })}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
    (nonce) => `<think>Read it first.</think><|tool_calls_begin|><|tool_call_begin|>function<|tool_sep|>file_reader\n\`\`\`json\n${json({ ...ARGS, nonce })}\n\`\`\`<|tool_call_end|><|tool_calls_end|>`,
  ],
  'gpt-oss': [
    (nonce) => `<|channel|>analysis<|message|>Need the scene.<|end|><|start|>assistant<|channel|>commentary to=functions.file_reader <|constrain|>json<|message|>${json({ ...ARGS, nonce })}<|call|>`,
    (nonce) => `<|start|>assistant to=functions.file_reader<|channel|>commentary json<|message|>${json({ ...ARGS, nonce })}<|call|>`,
    (nonce) => `commentary to=functions.file_reader <|constrain|>json<|message|>${json({ ...ARGS, nonce })}`,
  ],
  glm: [
    (nonce) => `<tool_call>file_reader\n<arg_key>path</arg_key>\n<arg_value>${ARGS.path}</arg_value>\n<arg_key>nonce</arg_key>\n<arg_value>${nonce}</arg_value>\n</tool_call>`,
    (nonce) => `<tool_call>file_reader\n${json({ ...ARGS, nonce })}</tool_call>`,
    (nonce) => `<tool_call>file_reader<arg_key>path</arg_key><arg_value>${ARGS.path}</arg_value><arg_key>start_line</arg_key><arg_value>3</arg_value><arg_key>nonce</arg_key><arg_value>${nonce}</arg_value></tool_call>`,
  ],
};

describe('modelFamilyOf', () => {
  it.each([
    ['qwen2.5-7b-instruct', 'qwen'], ['Qwen/Qwen3-30B-A3B', 'qwen'], ['qwen-3-32b', 'qwen'], ['accounts/fireworks/models/qwen3-235b-a22b', 'qwen'], ['qwq:32b', 'qwen'],
    ['NousResearch/Hermes-3-Llama-3.1-8B', 'qwen'], ['llama3.1:8b', 'llama'], ['meta-llama/Llama-3.3-70B-Instruct', 'llama'], ['@cf/meta/llama-3.1-8b-instruct', 'llama'],
    ['mistral-small-3.2', 'mistral'], ['mistralai/Mixtral-8x7B-Instruct-v0.1', 'mistral'], ['magistral-small', 'mistral'], ['devstral:24b', 'mistral'],
    ['deepseek-chat', 'deepseek'], ['deepseek-ai/DeepSeek-R1-Distill-Qwen-7B', 'deepseek'], ['openai/gpt-oss-20b', 'gpt-oss'], ['gpt-oss:120b', 'gpt-oss'],
    ['zai-org/GLM-4.5-Air', 'glm'], ['glm-4.6', 'glm'], ['THUDM/chatglm3-6b', 'glm'], ['gpt-4o-mini', 'generic'], ['gemma-3-12b', 'generic'], ['loopback-model', 'generic'],
  ])('%s reads as %s', (name, family) => {
    expect(modelFamilyOf(name)).toBe(family);
  });
});

describe('extractStep: a family’s own call formats in cascade mode', () => {
  for (const [family, formats] of Object.entries(FORMATS) as Array<[Exclude<ModelFamily, 'generic'>, Array<(nonce: string) => string>]>) {
    it.each(formats.map((format, index) => [index, format] as const))(`${family} #%i runs with the turn's nonce and only with it`, (_index, format) => {
      const accepted = extractStep(response(format(NONCE)), options(family));
      expect(accepted).toMatchObject({ kind: 'call', channel: 'text', call: { tool: 'file_reader', args: { path: ARGS.path } } });
      const wrong = extractStep(response(format('guessed-nonce')), options(family));
      expect(wrong).toMatchObject({ kind: 'rejected', rejection: { code: 'tool_call_nonce_invalid' } });
      // The strict envelope profile stays as it is: none of these is a call there.
      expect(extractStep(response(format(NONCE)), options(family, { profile: 'envelope' })).kind).not.toBe('call');
    });
  }

  it('refuses a family call with no nonce at all', () => {
    expect(extractStep(response(`<tool_call>${json({ name: 'file_reader', arguments: ARGS })}</tool_call>`), options('qwen'))).toMatchObject({ kind: 'rejected', rejection: { code: 'tool_call_nonce_invalid' } });
    expect(extractStep(response(`[TOOL_CALLS]file_reader[ARGS]${json(ARGS)}`), options('mistral'))).toMatchObject({ kind: 'rejected', rejection: { code: 'tool_call_nonce_invalid' } });
  });

  it('reads only the family’s own formats: another family’s syntax is refused, never run', () => {
    expect(extractStep(response(FORMATS.mistral[1]!(NONCE)), options('qwen')).kind).toBe('rejected');
    expect(extractStep(response(FORMATS.qwen[0]!(NONCE)), options('mistral')).kind).toBe('rejected');
    expect(extractStep(response(FORMATS.qwen[0]!(NONCE)), options('generic')).kind).toBe('rejected');
  });

  it('refuses two calls at once, in every format that can hold them', () => {
    const two = [
      ['qwen', `${FORMATS.qwen[0]!(NONCE)}\n${FORMATS.qwen[0]!(NONCE)}`],
      ['mistral', `[TOOL_CALLS][${json({ name: 'file_reader', arguments: { ...ARGS, nonce: NONCE } })},${json({ name: 'file_locator', arguments: { search_criteria: 'x', nonce: NONCE } })}]`],
      ['llama', `<|python_tag|>${json({ name: 'file_reader', parameters: { ...ARGS, nonce: NONCE } })}; ${json({ name: 'file_reader', parameters: { ...ARGS, nonce: NONCE } })}`],
      ['gpt-oss', `${FORMATS['gpt-oss'][0]!(NONCE)}<|start|>assistant<|channel|>commentary to=functions.file_locator<|message|>{"search_criteria":"x","nonce":"${NONCE}"}<|call|>`],
    ] as const;
    for (const [family, content] of two) expect(extractStep(response(content), options(family))).toMatchObject({ kind: 'rejected', rejection: { code: 'tool_call_multiple' } });
  });

  it('never takes a call the model only thought about', () => {
    const thought = `<think>Maybe <tool_call>${json({ name: 'file_reader', arguments: { ...ARGS, nonce: NONCE } })}</tool_call></think>The harbour scene is short.`;
    expect(extractStep(response(thought), options('qwen'))).toEqual({ kind: 'answer', text: 'The harbour scene is short.' });
    const analysis = `<|channel|>analysis<|message|>to=functions.file_reader ${json({ ...ARGS, nonce: NONCE })}<|end|><|start|>assistant<|channel|>final<|message|>Nothing to look up.`;
    expect(extractStep(response(analysis), options('gpt-oss'))).toMatchObject({ kind: 'answer' });
  });

  it('refuses a key written twice and arguments addressed to two tools', () => {
    expect(extractStep(response(`<tool_call>{"name":"file_reader","arguments":{"path":"a.md","path":"b.md","nonce":"${NONCE}"}}</tool_call>`), options('qwen'))).toMatchObject({ rejection: { code: 'tool_call_invalid_format' } });
    expect(extractStep(response(`<tool_call>file_reader<arg_key>path</arg_key><arg_value>a</arg_value><arg_key>path</arg_key><arg_value>b</arg_value></tool_call>`), options('glm'))).toMatchObject({ rejection: { code: 'tool_call_invalid_format' } });
    expect(extractStep(response(`<|start|>assistant<|channel|>commentary to=functions.file_locator<|message|>${json({ tool: 'file_reader', args: ARGS, nonce: NONCE })}<|call|>`), options('gpt-oss'))).toMatchObject({ rejection: { code: 'tool_call_invalid_format' } });
  });

  it('reads a family call as the decision after a tool result', () => {
    const decision = extractStep(response(FORMATS.mistral[1]!(NONCE)), options('mistral', { step: 'decision' }));
    expect(decision).toMatchObject({ kind: 'call', call: { tool: 'file_reader' } });
    const final = extractStep(response(`<tool_call>${json({ action: 'final', nonce: NONCE })}</tool_call>`), options('qwen', { step: 'decision' }));
    expect(final).toMatchObject({ kind: 'final' });
  });
});

describe('extractStep: the cascade channel switches', () => {
  const native = [{ id: 'c1', name: 'file_reader', arguments: json(ARGS) }];
  it('tools-only refuses every call written in the text, and still takes a native call and prose', () => {
    const only = options('qwen', { channels: 'tools-only' });
    expect(extractStep(response('', native), only)).toMatchObject({ kind: 'call', channel: 'tool' });
    for (const content of [FORMATS.qwen[0]!(NONCE), json({ tool: 'file_reader', args: ARGS, nonce: NONCE }), `\`\`\`json\n${json({ tool: 'file_reader', args: ARGS, nonce: NONCE })}\n\`\`\``]) {
      expect(extractStep(response(content), only), content).toMatchObject({ kind: 'rejected', rejection: { code: 'tool_call_invalid_format', message: expect.stringMatching(/native/) } });
    }
    expect(extractStep(response('Nothing to look up for a greeting.'), only)).toMatchObject({ kind: 'answer' });
    expect(extractStep(response(json({ action: 'final', nonce: NONCE })), { ...only, step: 'decision' })).toMatchObject({ kind: 'final' });
  });

  it('text-only refuses native calls and reads the text', () => {
    const text = options('qwen', { channels: 'text-only' });
    expect(extractStep(response('', native), text)).toMatchObject({ kind: 'rejected', channel: 'tool', rejection: { code: 'tool_call_invalid_format' } });
    expect(extractStep(response(FORMATS.qwen[0]!(NONCE)), text)).toMatchObject({ kind: 'call', channel: 'text' });
  });
});

describe('extractStep on arbitrary replies', () => {
  it('never throws, and never accepts a call without the turn’s nonce, in any family', () => {
    const families = ['qwen', 'llama', 'mistral', 'deepseek', 'gpt-oss', 'glm', 'generic'] as const;
    const pieces = fc.constantFrom('<tool_call>', '</tool_call>', '[TOOL_CALLS]', '[ARGS]', '<|python_tag|>', '<function=file_reader>', '</function>', '<｜tool▁call▁begin｜>', '<｜tool▁sep｜>', '<|channel|>commentary to=functions.file_reader', '<|message|>', '<|call|>', '<arg_key>nonce</arg_key>', '<arg_value>', '{"name":"file_reader","arguments":{"path":"a.md"}}', '{"path":"a.md","nonce":"other"}', 'file_reader', '\n', ' ');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 12 })), { maxLength: 12 }), fc.constantFrom(...families), fc.constantFrom('envelope', 'decision') as fc.Arbitrary<'envelope' | 'decision'>, (parts, family, step) => {
        const outcome = extractStep(response(parts.join('')), options(family, { step }));
        expect(outcome.kind === 'call').toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
