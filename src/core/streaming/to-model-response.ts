import type { ModelResponse } from '../../protocol/index.js';
import type { AggregatedCompletion } from './chat-completion-aggregator.js';
import { modelError } from './model-error.js';

export interface ResponseContext {
  /** The model asked for; used when the provider does not say which model answered. */
  requestedModel: string;
  /** Where the model lives, for the error message. */
  endpoint: string;
  latencyMs: number;
}

/**
 * Turns an assembled completion into the `ModelResponse` every adapter returns. A reply with no
 * visible content and no tool call is a failure (`model_empty_response`), never a silent "".
 */
export function toModelResponse(completion: AggregatedCompletion, context: ResponseContext): ModelResponse {
  const model = completion.model ?? context.requestedModel;
  if (completion.content.trim() === '' && completion.toolCalls.length === 0) {
    const reason = completion.finishReason ?? 'none';
    const hint =
      completion.finishReason === 'length'
        ? completion.reasoning === ''
          ? ' It ran out of tokens; raise maxTokens.'
          : ' It spent its whole token budget reasoning; raise maxTokens or lower the reasoning effort.'
        : ' Try again, or try another model.';
    throw modelError('model_empty_response', `The model "${model}" at ${context.endpoint} returned an empty reply (finish reason: ${reason}).${hint}`, {
      transient: true,
    });
  }
  const response: ModelResponse = {
    content: completion.content,
    reasoning: completion.reasoning,
    toolCalls: completion.toolCalls,
    finishReason: completion.finishReason,
    model,
    latencyMs: context.latencyMs,
  };
  if (completion.usage !== undefined) response.usage = completion.usage;
  return response;
}
