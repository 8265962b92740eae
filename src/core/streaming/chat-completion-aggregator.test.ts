import { describe, expect, it } from 'vitest';
import type { ModelDelta, NativeToolCall } from '../../protocol/index.js';
import { createChatCompletionAggregator } from './chat-completion-aggregator.js';

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
  model: 'local-model',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});
const callDelta = (call: Record<string, unknown>) => chunk({ tool_calls: [call] });

describe('createChatCompletionAggregator', () => {
  it('concatenates content and separates reasoning from both field names', () => {
    const deltas: ModelDelta[] = [];
    const aggregator = createChatCompletionAggregator({ onDelta: (delta) => deltas.push(delta) });
    aggregator.push(chunk({ role: 'assistant', content: '' }));
    aggregator.push(chunk({ reasoning_content: 'Check the ' }));
    aggregator.push(chunk({ reasoning: 'timeline.' }));
    aggregator.push(chunk({ reasoning: 'same text', reasoning_content: 'same text' }));
    aggregator.push(chunk({ content: 'Mara ' }));
    aggregator.push(chunk({ content: 'arrives on Day 3.' }, 'stop'));
    aggregator.push({ choices: [], usage: { prompt_tokens: 40, completion_tokens: 9 } });
    const result = aggregator.finish();
    expect(result).toEqual({
      content: 'Mara arrives on Day 3.',
      reasoning: 'Check the timeline.same text',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 40, completionTokens: 9 },
      model: 'local-model',
      finished: true,
    });
    expect(deltas.map((delta) => delta.kind)).toEqual(['reasoning', 'reasoning', 'reasoning', 'content', 'content']);
  });

  it('moves <think> blocks and text before an orphan </think> out of the content', () => {
    const tagged = createChatCompletionAggregator();
    for (const piece of ['<thi', 'nk>Who holds the key?', '</th', 'ink>\n\nThe ', 'harbourmaster.']) tagged.push(chunk({ content: piece }));
    expect(tagged.finish()).toMatchObject({ content: 'The harbourmaster.', reasoning: 'Who holds the key?', finished: false });

    const orphan = createChatCompletionAggregator();
    for (const piece of ['The template opened ', 'the block.</think>', '\nFinal answer.']) orphan.push(chunk({ content: piece }));
    expect(orphan.finish()).toMatchObject({ content: 'Final answer.', reasoning: 'The template opened the block.' });
  });

  it('reads content parts with thinking (Magistral style)', () => {
    const aggregator = createChatCompletionAggregator();
    aggregator.push(chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Add them.' }] }] }));
    aggregator.push(chunk({ content: [{ type: 'text', text: '4' }] }, 'stop'));
    expect(aggregator.finish()).toMatchObject({ content: '4', reasoning: 'Add them.' });
  });

  it('assembles a call that starts at index 1, keeps the first id and name, and joins split escapes', () => {
    const completed: NativeToolCall[] = [];
    const aggregator = createChatCompletionAggregator({ onToolCallComplete: (call) => completed.push(call) });
    aggregator.push(callDelta({ index: 1, id: 'call_a', type: 'function', function: { name: 'file_reader', arguments: '' } }));
    const pieces = ['{"pa', 'th": "Story/Scenes/SCN-01-', 'arrival.md", "note": "say \\', '"hi\\', '" \\u00', 'e9"}'];
    for (const piece of pieces) aggregator.push(callDelta({ index: 1, id: '', function: { name: '', arguments: piece } }));
    expect(completed).toEqual([]); // not complete until the finish reason
    expect(aggregator.completedToolCalls).toEqual([]);
    aggregator.push(chunk({}, 'tool_calls'));
    expect(completed).toHaveLength(1);
    const [call] = aggregator.finish().toolCalls;
    expect(call).toMatchObject({ id: 'call_a', name: 'file_reader' });
    expect(JSON.parse(call!.arguments)).toEqual({ path: 'Story/Scenes/SCN-01-arrival.md', note: 'say "hi" é' });
  });

  it('completes a call when a later index starts, and takes a whole call from one chunk', () => {
    const completed: string[] = [];
    const aggregator = createChatCompletionAggregator({ onToolCallComplete: (call) => completed.push(call.name) });
    aggregator.push(callDelta({ index: 0, id: 'c0', function: { name: 'file_locator', arguments: '{"query":' } }));
    aggregator.push(callDelta({ index: 0, function: { arguments: '"locket"}' } }));
    aggregator.push(callDelta({ index: 1, id: 'c1', function: { name: 'canon_checker', arguments: '{}' } }));
    expect(completed).toEqual(['file_locator']);
    aggregator.push(chunk({}, 'tool_calls'));
    expect(completed).toEqual(['file_locator', 'canon_checker']);
    expect(aggregator.finish().toolCalls).toEqual([
      { id: 'c0', name: 'file_locator', arguments: '{"query":"locket"}' },
      { id: 'c1', name: 'canon_checker', arguments: '{}' },
    ]);
  });

  it('handles calls without an index, arguments sent as an object and a missing id', () => {
    const aggregator = createChatCompletionAggregator();
    aggregator.push(chunk({ tool_calls: [{ id: 'x1', function: { name: 'a', arguments: { n: 1 } } }, { id: 'x2', function: { name: 'b', arguments: '{}' } }] }));
    aggregator.push(chunk({ tool_calls: [{ function: { name: 'c', arguments: '{"k":' } }] }));
    aggregator.push(chunk({ tool_calls: [{ index: 2, function: { arguments: '2}' } }] }, 'tool_calls'));
    expect(aggregator.finish().toolCalls).toEqual([
      { id: 'x1', name: 'a', arguments: '{"n":1}' },
      { id: 'x2', name: 'b', arguments: '{}' },
      { id: 'call_2', name: 'c', arguments: '{"k":2}' },
    ]);
  });

  it('refuses more arguments for a call that was already completed', () => {
    const aggregator = createChatCompletionAggregator();
    aggregator.push(callDelta({ index: 0, id: 'c0', function: { name: 'a', arguments: '{' } }));
    aggregator.push(callDelta({ index: 1, id: 'c1', function: { name: 'b', arguments: '{}' } }));
    aggregator.push(callDelta({ index: 0, function: { arguments: '' } })); // empty repeats are harmless
    expect(() => aggregator.push(callDelta({ index: 0, function: { arguments: '}' } }))).toThrow(
      expect.objectContaining({ code: 'model_bad_response' }),
    );
  });

  it('emits tool-call deltas with only the fields that carry something', () => {
    const deltas: ModelDelta[] = [];
    const aggregator = createChatCompletionAggregator({ onDelta: (delta) => deltas.push(delta) });
    aggregator.push(callDelta({ index: 0, id: 'c0', function: { name: 'a', arguments: '' } }));
    aggregator.push(callDelta({ index: 0, id: '', function: { name: '', arguments: '' } }));
    aggregator.push(callDelta({ index: 0, function: { arguments: '{}' } }));
    expect(deltas).toEqual([
      { kind: 'tool-call', index: 0, id: 'c0', name: 'a' },
      { kind: 'tool-call', index: 0, argumentsText: '{}' },
    ]);
  });

  it('keeps the first non-empty model name and the last usage, and ignores other choices', () => {
    const aggregator = createChatCompletionAggregator();
    aggregator.push({ model: '', choices: [] });
    aggregator.push({ model: 'gpt-x', usage: { prompt_tokens: 5, completion_tokens: 1 }, choices: [{ index: 1, delta: { content: 'other' } }] });
    aggregator.push({ model: 'gpt-y', usage: { prompt_tokens: 5, completion_tokens: 2 }, choices: [{ index: 0, delta: { content: 'mine' } }] });
    aggregator.markDone();
    expect(aggregator.finish()).toMatchObject({ model: 'gpt-x', usage: { promptTokens: 5, completionTokens: 2 }, content: 'mine', finished: true });
  });

  it('turns an error object in the stream into a model_http_error and refuses non-objects', () => {
    const aggregator = createChatCompletionAggregator();
    expect(() => aggregator.push({ error: { message: 'overloaded', code: 503 } })).toThrow(
      expect.objectContaining({ code: 'model_http_error', details: expect.objectContaining({ status: 503, transient: true }) }),
    );
    expect(() => aggregator.push({ error: { message: 'context too long', code: 400 } })).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ status: 400, transient: false }) }),
    );
    expect(() => aggregator.push(42)).toThrow(expect.objectContaining({ code: 'model_bad_response' }));
  });
});
