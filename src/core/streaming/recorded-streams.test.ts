/**
 * Every recorded provider stream in ../shared/fixtures/openai-streams, decoded whole and cut at
 * random byte boundaries (also inside UTF-8 sequences), against results read off the fixtures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelDelta } from '../../protocol/index.js';
import type { AggregatedCompletion } from './chat-completion-aggregator.js';
import { createChatCompletionStreamDecoder } from './chat-completion-stream-decoder.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const fixturesDir = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'openai-streams');
const fixturesPresent = existsSync(fixturesDir);

interface TextExpectation {
  start: string;
  end: string;
  length: number;
}
interface Expectation {
  model: string | null;
  finishReason: string;
  usage?: { promptTokens: number; completionTokens: number };
  /** Exact text, or its opening, closing and length for long replies. */
  content: string | TextExpectation;
  reasoning: string | TextExpectation;
  toolCalls: Array<{ id: string; name: string; args: unknown }>;
}

const SF = { location: 'San Francisco' };
const EXPECTED: Record<string, Expectation> = {
  'alibaba--alibaba-reasoning.chunks.txt': {
    model: 'qwen3-max', finishReason: 'stop', usage: { promptTokens: 24, completionTokens: 1355 },
    content: { start: 'The word **"strawberry"** contains **3** instances of the letter **"r"**.', end: '\n\n**Answer: 3**', length: 816 },
    reasoning: { start: 'We are asked: "How many \'r\'s are in the word \'strawberry\'?"', end: 'So final answer: 3.', length: 3301 },
    toolCalls: [],
  },
  'alibaba--alibaba-text.chunks.txt': {
    model: 'qwen3-max', finishReason: 'stop', usage: { promptTokens: 18, completionTokens: 779 },
    content: { start: '## The Festival of Shared Stories: "Taleweave Day"\n\n**When:**', end: '**Mantra:** *"I hear you. Your story matters. We are woven together."*', length: 3771 },
    reasoning: '', toolCalls: [],
  },
  'alibaba--alibaba-tool-call.chunks.txt': {
    model: 'qwen3-max', finishReason: 'tool_calls', usage: { promptTokens: 295, completionTokens: 22 },
    content: '', reasoning: '', toolCalls: [{ id: 'call_eee11723464a4b9eb8cee71d', name: 'weather', args: SF }],
  },
  'azure--azure-deepseek-reasoning.1.chunks.txt': {
    model: 'deepseek-v4-pro', finishReason: 'stop', usage: { promptTokens: 19, completionTokens: 1720 },
    content: { start: 'Exciting news, Knicks fans—there\'s a brand-new holiday on the calendar!', end: 'See you next April\u202f4—from the logo! 🎯🧡💙', length: 2665 },
    reasoning: { start: 'We need to invent a new holiday around the latest Knicks game.', end: "I'll craft a response.", length: 3832 },
    toolCalls: [],
  },
  'deepseek--deepseek-reasoning.chunks.txt': {
    model: 'deepseek-reasoner', finishReason: 'stop', usage: { promptTokens: 18, completionTokens: 219 },
    content: 'The word "strawberry" contains three "r"s.',
    reasoning: { start: 'We need to count the number of the letter "r" in the word "strawberry".', end: 'Thus, the answer is 3.', length: 606 },
    toolCalls: [],
  },
  'deepseek--deepseek-text.chunks.txt': {
    model: 'deepseek-chat', finishReason: 'length', usage: { promptTokens: 13, completionTokens: 400 },
    content: { start: '## **Holiday Name:** Starlight Remembrance\n\n', end: 'observe 15 minutes of silent looking at', length: 1855 },
    reasoning: '', toolCalls: [],
  },
  'deepseek--deepseek-tool-call.chunks.txt': {
    model: 'deepseek-reasoner', finishReason: 'tool_calls', usage: { promptTokens: 339, completionTokens: 83 },
    content: '',
    reasoning:
      'The user is asking for the weather in San Francisco. I need to use the weather tool to get this information. Let me invoke the weather tool with the location parameter set to "San Francisco".',
    toolCalls: [{ id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF', name: 'weather', args: SF }],
  },
  'groq--groq-reasoning.chunks.txt': {
    model: 'qwen/qwen3-32b', finishReason: 'stop', usage: { promptTokens: 17, completionTokens: 1107 },
    content: { start: 'The word **"strawberry"** is spelled as **S-T-R-A-W-B-E-R-R-Y**.', end: '**Final Answer**: $\\boxed{3}$', length: 347 },
    reasoning: { start: "Okay, let me try to figure out how many times the letter 'r' appears", end: 'R\'s in "strawberry" is three.\n', length: 2952 },
    toolCalls: [],
  },
  'groq--groq-text.chunks.txt': {
    model: 'llama-3.3-70b-versatile', finishReason: 'stop', usage: { promptTokens: 45, completionTokens: 662 },
    content: { start: 'Introducing "Luminaria" - a new holiday', end: 'and a deeper appreciation for the magic of light.', length: 3189 },
    reasoning: '', toolCalls: [],
  },
  'groq--groq-tool-call.chunks.txt': {
    model: 'llama-3.3-70b-versatile', finishReason: 'tool_calls', usage: { promptTokens: 210, completionTokens: 15 },
    content: '', reasoning: '', toolCalls: [{ id: 'tk85n1k4m', name: 'weather', args: {} }],
  },
  'mistral--mistral-incremental-tool-call.chunks.txt': {
    model: 'zai-glm-5-2', finishReason: 'tool_calls', usage: { promptTokens: 171, completionTokens: 14 },
    content: '', reasoning: '',
    toolCalls: [{ id: 'chatcmpl-tool-9f149c74c42f265b', name: 'webSearchTool', args: { query: 'current Berlin weather' } }],
  },
  'mistral--mistral-reasoning.chunks.txt': {
    model: 'magistral-medium-2507', finishReason: 'stop', usage: { promptTokens: 10, completionTokens: 46 },
    content: '2 + 2 = 4', reasoning: 'The user is asking for 2+2. This is basic arithmetic. 2+2=4.', toolCalls: [],
  },
  'mistral--mistral-text.chunks.txt': {
    model: 'mistral-small-latest', finishReason: 'stop', usage: { promptTokens: 13, completionTokens: 8 },
    content: 'Hello, world! This is a test response.', reasoning: '', toolCalls: [],
  },
  'mistral--mistral-tool-call.chunks.txt': {
    model: 'mistral-small-latest', finishReason: 'tool_calls', usage: { promptTokens: 124, completionTokens: 22 },
    content: '', reasoning: '', toolCalls: [{ id: 'gSIMJiOkT', name: 'weather', args: SF }],
  },
  'openai--azure-model-router.1.chunks.txt': {
    model: 'gpt-5-nano-2025-08-07', finishReason: 'stop', usage: { promptTokens: 15, completionTokens: 78 },
    content: 'Capital of Denmark.', reasoning: '', toolCalls: [],
  },
  'openai--openai-text.chunks.txt': {
    model: 'gpt-4.1-nano-2025-04-14', finishReason: 'stop', usage: { promptTokens: 16, completionTokens: 300 },
    content: { start: '**Holiday Name:** Harmony Day\n\n**Date:** Celebrated annually on the first Saturday of May', end: 'through shared human experiences and mutual respect.', length: 1724 },
    reasoning: '', toolCalls: [],
  },
  'openai-compatible--anthropic-fallback-tool-call.sse': {
    model: 'claude-haiku-4-5-20251001', finishReason: 'tool_calls',
    content: 'Reading it.', reasoning: '', toolCalls: [{ id: 'toolu_sanitized', name: 'read_file', args: { path: 'a.txt' } }],
  },
  'openai-compatible--xai-text.chunks.txt': {
    model: 'grok-3-mini', finishReason: 'stop', usage: { promptTokens: 12, completionTokens: 2 },
    content: 'Grok',
    reasoning: { start: 'First, the user said: "Say a single word." That\'s straightforward.', end: 'No punctuation if possible, just the word.\n\nResponse: Grok', length: 1455 },
    toolCalls: [],
  },
  'openai-compatible--xai-tool-call.chunks.txt': {
    model: 'grok-3-mini', finishReason: 'tool_calls', usage: { promptTokens: 307, completionTokens: 26 },
    content: '',
    reasoning: { start: 'First, the user is asking about the weather in San Francisco.', end: 'this is the logical next step.', length: 1069 },
    toolCalls: [{ id: 'call_79382389', name: 'weather', args: SF }],
  },
  'perplexity--perplexity-citations.chunks.txt': {
    model: 'sonar', finishReason: 'stop', usage: { promptTokens: 10, completionTokens: 336 },
    content: 'The current population of **[2][3]', reasoning: '', toolCalls: [],
  },
  'perplexity--perplexity-text.chunks.txt': {
    model: 'sonar', finishReason: 'stop', usage: { promptTokens: 11, completionTokens: 434 },
    content: '**EcoVista Day**[1][5]', reasoning: '', toolCalls: [],
  },
  'xai--xai-text.chunks.txt': {
    model: 'grok-3-mini', finishReason: 'stop', usage: { promptTokens: 12, completionTokens: 1 },
    content: 'Hello', reasoning: 'First, the user said', toolCalls: [],
  },
  'xai--xai-tool-call.chunks.txt': {
    model: 'grok-3-mini', finishReason: 'tool_calls', usage: { promptTokens: 291, completionTokens: 26 },
    content: '', reasoning: 'First, the user is', toolCalls: [{ id: 'call_55117580', name: 'weather', args: SF }],
  },
};

/** The fixture as SSE text: `.sse` files are already framed; `.chunks.txt` holds one JSON chunk per line. */
function sseText(file: string): string {
  const raw = readFileSync(path.join(fixturesDir, file), 'utf8');
  if (file.endsWith('.sse')) return raw;
  const lines = raw.split('\n').filter((line) => line.trim() !== '');
  return `${lines.map((line) => `data: ${line}\n\n`).join('')}data: [DONE]\n\n`;
}

/** Decodes bytes cut at `cuts` the way the adapter does: TextDecoder with `stream: true`, then the decoder. */
function decodeAt(bytes: Uint8Array, cuts: readonly number[], deltas?: ModelDelta[]): AggregatedCompletion {
  const text = new TextDecoder('utf-8');
  const decoder = createChatCompletionStreamDecoder(deltas ? { onDelta: (delta) => deltas.push(delta) } : {});
  let previous = 0;
  for (const cut of [...cuts, bytes.length]) {
    decoder.push(text.decode(bytes.subarray(previous, cut), { stream: true }));
    previous = cut;
  }
  decoder.push(text.decode());
  return decoder.end();
}

function expectText(actual: string, expected: string | TextExpectation): void {
  if (typeof expected === 'string') {
    expect(actual).toBe(expected);
    return;
  }
  expect(actual.startsWith(expected.start), `starts with ${JSON.stringify(expected.start)}`).toBe(true);
  expect(actual.endsWith(expected.end), `ends with ${JSON.stringify(expected.end)}`).toBe(true);
  expect(actual).toHaveLength(expected.length);
}

describe.runIf(fixturesPresent)('recorded provider streams', () => {
  const files = fixturesPresent ? readdirSync(fixturesDir).sort() : [];

  it('has an expectation for every recorded stream', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(EXPECTED).sort()).toEqual(files);
  });

  describe.each(files)('%s', (file) => {
    const expected = EXPECTED[file]!;
    const bytes = new TextEncoder().encode(sseText(file));

    it('assembles content, reasoning, tool calls, finish reason, usage and model', () => {
      const deltas: ModelDelta[] = [];
      const completion = decodeAt(bytes, [], deltas);
      expect(completion.finished).toBe(true);
      expect(completion.model).toBe(expected.model);
      expect(completion.finishReason).toBe(expected.finishReason);
      expect(completion.usage).toEqual(expected.usage);
      expectText(completion.content, expected.content);
      expectText(completion.reasoning, expected.reasoning);
      expect(completion.toolCalls.map((call) => ({ id: call.id, name: call.name, args: JSON.parse(call.arguments) }))).toEqual(expected.toolCalls);
      // The deltas tell the same story as the final result, piece by piece.
      const joined = (kind: 'content' | 'reasoning'): string =>
        deltas.flatMap((delta) => (delta.kind === kind ? [delta.text] : [])).join('');
      expect(joined('content')).toBe(completion.content);
      expect(joined('reasoning')).toBe(completion.reasoning);
      const argumentsText = deltas.flatMap((delta) => (delta.kind === 'tool-call' && delta.argumentsText !== undefined ? [delta.argumentsText] : []));
      expect(argumentsText.join('')).toBe(completion.toolCalls.map((call) => call.arguments).join(''));
    });

    it('gives the same result however the bytes are cut', () => {
      const whole = decodeAt(bytes, []);
      fc.assert(
        fc.property(fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 64 }), (cuts) => {
          expect(decodeAt(bytes, [...cuts].sort((left, right) => left - right))).toEqual(whole);
        }),
        { numRuns: 25 },
      );
    });
  });

  it('survives a stream delivered one byte at a time', () => {
    const bytes = new TextEncoder().encode(sseText('azure--azure-deepseek-reasoning.1.chunks.txt'));
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, index) => index + 1);
    const completion = decodeAt(bytes, everyByte);
    expect(completion.content.endsWith('🎯🧡💙')).toBe(true);
    expect(completion.content).toHaveLength(2665);
  });
});

describe('recorded provider streams availability', () => {
  it('finds the recorded streams, or says where it looked and why their tests did not run', () => {
    if (!fixturesPresent) {
      console.warn(`Recorded provider streams not found at ${fixturesDir}; their tests need ../shared/fixtures/openai-streams beside the repository.`);
    }
    expect(fixturesPresent ? readdirSync(fixturesDir).length > 0 : !existsSync(fixturesDir)).toBe(true);
  });
});
