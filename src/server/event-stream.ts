import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { httpFailureOf } from './error-status.js';

/** Sends one named server-sent event with a JSON payload. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * Answers with `text/event-stream`: `work` sends progress events as they happen, then its result
 * goes out as `done` — or a failure as `error` `{code,message}`, since the status line is already
 * sent. Events are written in order; a client that hangs up aborts the work through `signal`.
 */
export function streamEvents<T>(c: Context, development: boolean, work: (send: SendEvent, signal: AbortSignal) => Promise<T>): Response {
  return streamSSE(c, async (stream) => {
    const controller = new AbortController();
    stream.onAbort(() => controller.abort());
    let written: Promise<void> = Promise.resolve();
    const send: SendEvent = (event, data) => {
      written = written.then(() => (stream.closed || stream.aborted ? undefined : stream.writeSSE({ event, data: JSON.stringify(data) }))).catch(() => undefined);
    };
    try {
      send('done', await work(send, controller.signal));
    } catch (error) {
      const failure = httpFailureOf(error, { development });
      send('error', { code: failure.code, message: failure.message, status: failure.status });
    }
    await written;
  });
}
