import { createChatCompletionAggregator, type AggregatedCompletion, type ChatCompletionAggregatorOptions } from './chat-completion-aggregator.js';
import { modelError } from './model-error.js';
import { createSseParser } from './sse-parser.js';

/**
 * Decodes a streamed chat completion from its server-sent-events text: SSE framing, one
 * `JSON.parse` per event, the aggregator, and the `[DONE]` sentinel. Feed it text decoded with
 * `new TextDecoder().decode(bytes, { stream: true })` so characters split across reads survive.
 */
export interface ChatCompletionStreamDecoder {
  push(text: string): void;
  /** Ends the stream and returns the assembled completion. */
  end(): AggregatedCompletion;
  /** True once `[DONE]` was seen; the reader may stop reading. */
  readonly done: boolean;
}

/** Creates a decoder reporting deltas and completed tool calls through `options`. */
export function createChatCompletionStreamDecoder(options: ChatCompletionAggregatorOptions = {}): ChatCompletionStreamDecoder {
  const aggregator = createChatCompletionAggregator(options);
  let done = false;
  const parser = createSseParser((event) => {
    if (done) return;
    const data = event.data;
    if (data === '[DONE]' || data.trim() === '[DONE]') {
      done = true;
      aggregator.markDone();
      return;
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch (error) {
      throw modelError('model_bad_response', 'The model server sent a stream event that is not JSON; is the base URL an OpenAI-compatible /v1 endpoint?', {
        transient: false,
        body: data,
      }, error);
    }
    if (event.event === 'error') {
      aggregator.push({ error: chunk });
      return;
    }
    aggregator.push(chunk);
  });
  return {
    get done() {
      return done;
    },
    push(text: string): void {
      parser.push(text);
    },
    end(): AggregatedCompletion {
      parser.end();
      return aggregator.finish();
    },
  };
}
