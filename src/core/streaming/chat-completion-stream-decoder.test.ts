import { describe, expect, it } from 'vitest';
import { createChatCompletionStreamDecoder } from './chat-completion-stream-decoder.js';
import { parseChatCompletionBody } from './parse-chat-completion-body.js';

describe('createChatCompletionStreamDecoder', () => {
  it('decodes SSE events, stops at [DONE] and ignores anything after it', () => {
    const decoder = createChatCompletionStreamDecoder();
    decoder.push(': opening comment\n\ndata: {"model":"m","choices":[{"index":0,"delta":{"content":"Hel"}}]}\r\n\r\n');
    decoder.push('data: {"choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    expect(decoder.done).toBe(true);
    decoder.push('data: {"choices":[{"index":0,"delta":{"content":" extra"}}]}\n\n');
    expect(decoder.end()).toMatchObject({ content: 'Hello', finishReason: 'stop', model: 'm', finished: true });
  });

  it('reports a stream that ended without a finish reason or [DONE] as unfinished', () => {
    const decoder = createChatCompletionStreamDecoder();
    decoder.push('data: {"choices":[{"index":0,"delta":{"content":"cut o"}}]}\n\n');
    expect(decoder.end()).toMatchObject({ content: 'cut o', finished: false });
  });

  it('fails loudly on an event that is not JSON, and on an `event: error`', () => {
    const bad = createChatCompletionStreamDecoder();
    expect(() => bad.push('data: <html>Bad gateway</html>\n\n')).toThrow(
      expect.objectContaining({ code: 'model_bad_response', details: { transient: false, body: '<html>Bad gateway</html>' } }),
    );
    const failing = createChatCompletionStreamDecoder();
    expect(() => failing.push('event: error\ndata: {"message":"model crashed"}\n\n')).toThrow(/model crashed/);
  });
});

describe('parseChatCompletionBody', () => {
  it('reads a non-streamed completion with reasoning, think tags and several calls', () => {
    const body = JSON.stringify({
      model: 'qwen3-8b',
      usage: { prompt_tokens: 30, completion_tokens: 12 },
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: '<think>Need both files.</think>Reading.',
            tool_calls: [
              { id: 'a', type: 'function', function: { name: 'file_reader', arguments: '{"path":"Canon.md"}' } },
              { id: 'a', type: 'function', function: { name: 'file_locator', arguments: '{}' } },
            ],
          },
        },
      ],
    });
    expect(parseChatCompletionBody(body)).toEqual({
      content: 'Reading.',
      reasoning: 'Need both files.',
      toolCalls: [
        { id: 'a', name: 'file_reader', arguments: '{"path":"Canon.md"}' },
        { id: 'a', name: 'file_locator', arguments: '{}' },
      ],
      finishReason: 'tool_calls',
      usage: { promptTokens: 30, completionTokens: 12 },
      model: 'qwen3-8b',
      finished: true,
    });
  });

  it('refuses bodies that are not chat completions', () => {
    expect(() => parseChatCompletionBody('<!doctype html>')).toThrow(expect.objectContaining({ code: 'model_bad_response' }));
    expect(() => parseChatCompletionBody('{"object":"list","data":[]}')).toThrow(/choices\[0\]\.message/);
    expect(() => parseChatCompletionBody('{"error":{"message":"no such model"}}')).toThrow(/no such model/);
  });
});
