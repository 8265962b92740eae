import type { ModelDelta } from '../../protocol/index.js';
import { createChatCompletionStreamDecoder, type AggregatedCompletion } from '../../core/streaming/index.js';

/**
 * Reads a `text/event-stream` body through the stream decoder. Bytes are decoded with
 * `stream: true`, so a character split across two network reads arrives whole. Reading stops at
 * `[DONE]` and the rest of the body is cancelled, so a server that keeps the socket open after
 * the sentinel cannot stall the turn.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onDelta?: (delta: ModelDelta) => void): Promise<AggregatedCompletion> {
  const decoder = createChatCompletionStreamDecoder(onDelta === undefined ? {} : { onDelta });
  const text = new TextDecoder('utf-8');
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      decoder.push(text.decode(value, { stream: true }));
      if (decoder.done) break;
    }
    decoder.push(text.decode());
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  }
  if (decoder.done) await reader.cancel().catch(() => undefined);
  return decoder.end();
}
