import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { ModelDelta } from '../../protocol/index.js';
import { createChatCompletionStreamDecoder, type AggregatedCompletion } from '../../core/streaming/index.js';
import { TransportError } from './post-request.js';

/**
 * Reads a `text/event-stream` body through the stream decoder. Bytes go through a StringDecoder,
 * so a character split across two network reads arrives whole (several times faster here than
 * TextDecoder in stream mode). Reading stops at `[DONE]` and the rest of the body is discarded,
 * so a server that keeps the socket open after the sentinel cannot stall the turn.
 */
export async function readEventStream(body: IncomingMessage, onDelta?: (delta: ModelDelta) => void): Promise<AggregatedCompletion> {
  const decoder = createChatCompletionStreamDecoder(onDelta === undefined ? {} : { onDelta });
  const text = new StringDecoder('utf8');
  try {
    for await (const part of body) {
      decoder.push(text.write(part as Buffer));
      if (decoder.done) break;
    }
    decoder.push(text.end());
  } catch (error) {
    body.destroy();
    // A failure of our own callback (onDelta) stays what it is; the network's becomes a transport failure.
    throw body.errored !== null || (error as { code?: unknown } | null)?.code !== undefined ? new TransportError(error) : error;
  }
  if (decoder.done) body.destroy();
  return decoder.end();
}
