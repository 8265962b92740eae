import { describe, expect, it } from 'vitest';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import type { ChatMessage, ContextWindow } from '../../protocol/index.js';
import { callModel } from './call-model.js';
import { estimateTokens } from './estimate-tokens.js';
import { fitPrompt } from './fit-prompt.js';

const window = (tokens: number): ContextWindow => ({ tokens, source: 'ollama', setting: 'Ollama: num_ctx' });
const toolOutput = (chars: number): string => JSON.stringify({ receipt_id: 'rcpt_0123456789', status: 'ok', result: { text: 'The lamp room smelled of paraffin. '.repeat(Math.ceil(chars / 35)).slice(0, chars) } });

describe('estimateTokens', () => {
  it('counts at least what real tokenizers count, for prose, JSON, code, accents, CJK and emoji', () => {
    const samples = [
      'Hester climbed the ninety-nine steps of the Skerry Light, counting each one under her breath.',
      JSON.stringify({ tool: 'file_reader', args: { path: 'Story/Scenes/SCN-01-the-lamp-room.md', start_line: 1, end_line: 40 }, nonce: '0190f3a2-7b1c-7d4e' }),
      'function fit(a, b) { return a.map((x) => x * b).filter(Boolean); } // 1234567890 !@#$%^&*()',
      'Ça ne fait rien, dit-elle — l’été était déjà là, ŝi ne ŝatis ĝin. Ærø, Øresund, Łódź, Ñuñoa.',
      '灯台守の娘は九十九段の階段を数えながら登った。嵐はまだ来ていない。',
      'Она поднялась по лестнице маяка. 🌊🕯️🗝️ ✨ 👩‍👧',
      'a'.repeat(500),
      '0x7f 0xff 0x00 '.repeat(40),
      '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'SGVsbG8sIHRoaXMgaXMgYSBiYXNlNjQgc3RyaW5nIG9mIHNvbWUgbGVuZ3RoLCB3aXRoIG1peGVkIENhc2UgYW5kIGRpZ2l0cyAxMjM0NQ==',
      '0190f3a2-7b1c-7d4e-9f00-123456789abc,rcpt_0190f3a27b1c7d4e9f00123456789abc',
      'THE STORM CAME IN FROM THE WEST AND NOBODY ON THE SKERRY SAW IT COMING',
      JSON.stringify({ receipt_id: 'rcpt_x', status: 'ok', result: { matches: [{ path: 'Story/Scenes/SCN-01-the-lamp-room.md', line: 12, snippet: '“Hester?” she called.' }] } }),
    ];
    for (const text of samples) {
      const estimate = estimateTokens(text);
      expect(estimate, text).toBeGreaterThanOrEqual(countO200k(text));
      expect(estimate, text).toBeGreaterThanOrEqual(countCl100k(text));
    }
  });
});

describe('fitPrompt', () => {
  const messages = (tool: number): ChatMessage[] => [
    { role: 'system', content: 'You are the Chief of Staff. TOOL_NONCE: n' },
    { role: 'user', content: 'What does the lamp room smell of?' },
    { role: 'assistant', content: '{"tool":"file_reader"}', toolCalls: [{ id: 'c1', name: 'file_reader', arguments: '{"path":"Story/a.md"}' }] },
    { role: 'tool', toolCallId: 'c1', content: toolOutput(tool) },
  ];

  it('leaves a prompt that fits alone', () => {
    const request = { messages: messages(400) };
    const { request: fitted, fit } = fitPrompt(request, window(4096));
    expect(fitted).toBe(request);
    expect(fit.trimmed).toEqual([]);
  });

  it('cuts tool output, largest first, to an excerpt with the size and hash of the whole, never the instructions', () => {
    const request = { messages: [...messages(9000), { role: 'tool' as const, toolCallId: 'c2', content: toolOutput(3000) }] };
    const { request: fitted, fit } = fitPrompt(request, window(2048));
    expect(fit.trimmed.map((entry) => entry.index)).toContain(3);
    expect(fit.fittedTokens).toBeLessThanOrEqual(2048 - fit.replyTokens);
    expect(fitted.messages.slice(0, 3)).toEqual(request.messages.slice(0, 3));
    const cut = JSON.parse(fitted.messages[3]!.content) as { truncated_to_fit_context: boolean; full_chars: number; sha256: string; excerpt: string };
    expect(cut).toMatchObject({ truncated_to_fit_context: true, full_chars: request.messages[3]!.content.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(request.messages[3]!.content.startsWith(cut.excerpt)).toBe(true);
  });

  it('refuses with model_context_exceeded, naming the setting, when instructions alone are too long', () => {
    const request = { messages: [{ role: 'system' as const, content: 'word '.repeat(3000) }, { role: 'user' as const, content: 'hi' }] };
    expect(() => fitPrompt(request, window(1024))).toThrow(expect.objectContaining({ code: 'model_context_exceeded', message: expect.stringContaining('Ollama: num_ctx') }));
  });

  it('is applied by callModel to what the model receives, and reported', async () => {
    const sent: ChatMessage[][] = [];
    const trimmed: number[] = [];
    const model = {
      name: 'small',
      endpoint: 'memory',
      contextWindow: async () => window(2048),
      complete: async (request: { messages: ChatMessage[] }) => {
        sent.push(request.messages);
        return { content: 'ok', reasoning: '', toolCalls: [], finishReason: 'stop', model: 'small', latencyMs: 0 };
      },
    };
    const called = await callModel({ primary: model, fallback: null }, { messages: messages(12_000) }, { nowMs: () => 0, onPromptTrimmed: (fit) => void trimmed.push(fit.trimmed.length) });
    expect(called.fit?.trimmed).toHaveLength(1);
    expect(trimmed).toEqual([1]);
    expect(sent[0]![3]!.content.length).toBeLessThan(12_000);
    await expect(callModel({ primary: model, fallback: null }, { messages: [{ role: 'user', content: 'x'.repeat(30_000) }] }, { nowMs: () => 0 })).rejects.toMatchObject({ code: 'model_context_exceeded' });
  });
});
