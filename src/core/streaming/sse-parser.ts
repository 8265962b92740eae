/**
 * An incremental server-sent-events parser (the WHATWG "event stream" grammar): `data:` lines
 * (several joined by `\n`), `event:` and `id:` fields, `:` comments, and LF, CRLF or CR line ends.
 *
 * Chunks may be cut anywhere, including between the CR and LF of one line end. Bytes must be
 * decoded before they arrive here (a `TextDecoder` with `stream: true` keeps split UTF-8 intact).
 * Each chunk is scanned once: only the unfinished last line is carried over, so the work is linear
 * in the size of the stream however finely it is cut.
 */

/** One dispatched event. */
export interface SseEvent {
  /** `message` unless the stream named it with `event:`. */
  event: string;
  data: string;
  id?: string;
}

export interface SseParser {
  /** Feeds decoded text; complete events are passed to the callback before this returns. */
  push(text: string): void;
  /** Ends the stream; an event whose closing blank line never came is still dispatched. */
  end(): void;
}

const LINE_FEED = 10;
const COLON = 58;
const SPACE = 32;

/** Creates a parser that calls `onEvent` for every complete event. */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let partialLine = '';
  let lineFeedMayFollow = false; // the previous chunk ended with CR; a leading LF belongs to it
  let atStart = true;
  let dataLines: string[] = [];
  let eventName = '';
  let lastId: string | undefined;

  const dispatch = (): void => {
    if (dataLines.length > 0) {
      const event: SseEvent = { event: eventName === '' ? 'message' : eventName, data: dataLines.join('\n') };
      if (lastId !== undefined) event.id = lastId;
      dataLines = [];
      eventName = '';
      onEvent(event);
      return;
    }
    eventName = '';
  };

  const handleLine = (line: string): void => {
    if (line === '') return dispatch();
    if (line.charCodeAt(0) === COLON) return; // a comment, often sent as a keep-alive
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === SPACE) value = value.slice(1);
    if (field === 'data') dataLines.push(value);
    else if (field === 'event') eventName = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // `retry:` and unknown fields are ignored, as the grammar says.
  };

  return {
    push(text: string): void {
      if (text === '') return;
      let position = 0;
      if (atStart) {
        atStart = false;
        if (text.charCodeAt(0) === 0xfeff) position = 1; // a byte-order mark may open the stream
      }
      if (lineFeedMayFollow && text.charCodeAt(position) === LINE_FEED) position += 1;
      lineFeedMayFollow = false;
      let nextLineFeed = text.indexOf('\n', position);
      let nextReturn = text.indexOf('\r', position);
      while (nextLineFeed !== -1 || nextReturn !== -1) {
        const endsWithReturn = nextReturn !== -1 && (nextLineFeed === -1 || nextReturn < nextLineFeed);
        const lineEnd = endsWithReturn ? nextReturn : nextLineFeed;
        let resume = lineEnd + 1;
        if (endsWithReturn) {
          if (resume === text.length) lineFeedMayFollow = true;
          else if (text.charCodeAt(resume) === LINE_FEED) resume += 1;
        }
        const line = partialLine === '' ? text.slice(position, lineEnd) : partialLine + text.slice(position, lineEnd);
        partialLine = '';
        position = resume;
        handleLine(line);
        if (nextLineFeed !== -1 && nextLineFeed < position) nextLineFeed = text.indexOf('\n', position);
        if (nextReturn !== -1 && nextReturn < position) nextReturn = text.indexOf('\r', position);
      }
      if (position < text.length) partialLine += text.slice(position);
    },
    end(): void {
      if (partialLine !== '') {
        const line = partialLine;
        partialLine = '';
        handleLine(line);
      }
      // Lenient on purpose: several servers close right after `data: [DONE]` without a blank line.
      dispatch();
    },
  };
}
