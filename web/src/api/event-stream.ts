/**
 * Server-sent events read from a fetch response body. EventSource only does GET, and the API
 * streams POST answers (chat turns, conference rounds), so the frames are parsed here.
 */

export interface StreamEvent {
  event: string;
  data: string;
}

/** An incremental parser: push text as it arrives, get each complete event once. */
export function createEventParser(onEvent: (event: StreamEvent) => void): { push: (text: string) => void; end: () => void } {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];

  const dispatch = (): void => {
    if (dataLines.length > 0) onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
  };

  const line = (text: string): void => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // a comment (keep-alive)
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
  };

  return {
    push(text) {
      buffer += text;
      // A trailing '\r' may be the first half of '\r\n': keep it until more text comes.
      const boundary = /\r\n|\r(?!$)|\n/g;
      let start = 0;
      for (let match = boundary.exec(buffer); match; match = boundary.exec(buffer)) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer !== '') line(buffer.replace(/\r$/, ''));
      buffer = '';
      dispatch();
    },
  };
}

/** Reads a `text/event-stream` body to its end, calling `onEvent` with each parsed JSON payload. */
export async function readEventStream(response: Response, onEvent: (name: string, payload: unknown) => void): Promise<void> {
  if (!response.body) throw new Error('The server sent an empty stream.');
  const parser = createEventParser(({ event, data }) => {
    let payload: unknown = data;
    try {
      payload = JSON.parse(data);
    } catch {
      // Plain-text data stays a string.
    }
    onEvent(event, payload);
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
    }
    parser.end();
  } finally {
    // An `error` event throws out of the loop: stop reading so the connection is released.
    await reader.cancel().catch(() => undefined);
  }
}
