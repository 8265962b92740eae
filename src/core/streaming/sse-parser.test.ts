import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser.js';

function parse(pieces: readonly string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('reads data lines, joins multi-line data and ignores comments and retry', () => {
    const events = parse([': keep-alive\n\ndata: one\n\ndata: first\ndata:second\n\nretry: 10\nevent: error\nid: 7\ndata: {"x":1}\n\n']);
    expect(events).toEqual([
      { event: 'message', data: 'one' },
      { event: 'message', data: 'first\nsecond' },
      { event: 'error', data: '{"x":1}', id: '7' },
    ]);
  });

  it('accepts CRLF, CR and LF line ends, even with CR and LF in different chunks', () => {
    expect(parse(['data: a\r\n\r\ndata: b\r\rdata: c\n\n'])).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
      { event: 'message', data: 'c' },
    ]);
    expect(parse(['data: a\r', '\n\r', '\ndata: b\r', '\r'])).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('keeps `[DONE]` as data, drops one leading space only, and skips a byte-order mark', () => {
    expect(parse(['\ufeffdata: [DONE]\n\n'])).toEqual([{ event: 'message', data: '[DONE]' }]);
    expect(parse(['data:  two spaces\n\n'])).toEqual([{ event: 'message', data: ' two spaces' }]);
    expect(parse(['data\n\n'])).toEqual([{ event: 'message', data: '' }]);
  });

  it('dispatches an event left open when the stream ends, and nothing for blank lines alone', () => {
    expect(parse(['data: [DONE]'])).toEqual([{ event: 'message', data: '[DONE]' }]);
    expect(parse(['\n\n\n', 'event: ping\n\n'])).toEqual([]);
  });

  it('yields the same events however the text is cut', () => {
    const line = fc.oneof(
      fc.string({ unit: 'grapheme' }).map((text) => `data: ${text.replace(/[\r\n]/g, ' ')}`),
      fc.constant(': comment'),
      fc.constant('event: delta'),
      fc.constant(''),
    );
    const ending = fc.constantFrom('\n', '\r\n', '\r');
    const stream = fc.array(fc.tuple(line, ending)).map((lines) => lines.map(([text, end]) => text + end).join(''));
    fc.assert(
      fc.property(stream, fc.array(fc.nat()), (text, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((left, right) => left - right);
        const pieces: string[] = [];
        let previous = 0;
        for (const cut of [...cuts, text.length]) {
          pieces.push(text.slice(previous, cut));
          previous = cut;
        }
        expect(parse(pieces)).toEqual(parse([text]));
      }),
    );
  });
});
