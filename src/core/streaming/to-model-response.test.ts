import { describe, expect, it } from 'vitest';
import type { AggregatedCompletion } from './chat-completion-aggregator.js';
import { toModelResponse } from './to-model-response.js';

const completion = (overrides: Partial<AggregatedCompletion>): AggregatedCompletion => ({
  content: '',
  reasoning: '',
  toolCalls: [],
  finishReason: 'stop',
  model: null,
  finished: true,
  ...overrides,
});
const context = { requestedModel: 'asked-for', endpoint: 'http://127.0.0.1:1234/v1', latencyMs: 12 };

describe('toModelResponse', () => {
  it('fills the model from the request when the provider did not name it', () => {
    expect(toModelResponse(completion({ content: 'Yes.', usage: { promptTokens: 1, completionTokens: 1 } }), context)).toEqual({
      content: 'Yes.',
      reasoning: '',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 1, completionTokens: 1 },
      model: 'asked-for',
      latencyMs: 12,
    });
  });

  it('accepts a reply that is only a tool call', () => {
    const call = { id: 'c', name: 'file_locator', arguments: '{}' };
    expect(toModelResponse(completion({ toolCalls: [call], model: 'm' }), context).toolCalls).toEqual([call]);
  });

  it('refuses an empty reply, and says when reasoning used up the budget', () => {
    expect(() => toModelResponse(completion({ content: '  \n' }), context)).toThrow(
      expect.objectContaining({ code: 'model_empty_response', details: { transient: true } }),
    );
    expect(() => toModelResponse(completion({ reasoning: 'long thoughts', finishReason: 'length' }), context)).toThrow(/whole token budget reasoning/);
  });
});
