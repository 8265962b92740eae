import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEventParser, readEventStream, type StreamEvent } from './event-stream.js';

function parseAll(pieces: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createEventParser((event) => events.push(event));
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return events;
}

const STREAM = 'event: phase\ndata: {"phase":1}\n\n: keep-alive\n\nevent: entry\r\ndata: {"agentId":"editor",\r\ndata: "status":"responded"}\r\n\r\ndata: plain\n\n';

describe('createEventParser', () => {
  it('reads named events, joins multi-line data, skips comments and accepts \\r\\n', () => {
    expect(parseAll([STREAM])).toEqual([
      { event: 'phase', data: '{"phase":1}' },
      { event: 'entry', data: '{"agentId":"editor",\n"status":"responded"}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('gives the same events however the text is cut, a \\r\\n split in two included', () => {
    const whole = parseAll([STREAM]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: STREAM.length }), { maxLength: 12 }), (cuts) => {
        const points = [...new Set([0, ...cuts, STREAM.length])].sort((left, right) => left - right);
        const pieces = points.slice(1).map((end, index) => STREAM.slice(points[index], end));
        expect(parseAll(pieces)).toEqual(whole);
      }),
    );
  });

  it('dispatches a last event that has no blank line after it', () => {
    expect(parseAll(['event: done\ndata: {"ok":true}'])).toEqual([{ event: 'done', data: '{"ok":true}' }]);
  });
});

describe('readEventStream', () => {
  it('reads a streamed body and parses JSON payloads, UTF-8 cut mid-character included', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Hester’s grey eyes"}\n\nevent: done\ndata: {"content":"x"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < bytes.length; index += 7) controller.enqueue(bytes.slice(index, index + 7));
        controller.close();
      },
    });
    const seen: Array<[string, unknown]> = [];
    await readEventStream(new Response(body), (name, payload) => seen.push([name, payload]));
    expect(seen).toEqual([
      ['delta', { text: 'Hester’s grey eyes' }],
      ['done', { content: 'x' }],
    ]);
  });

  it('stops reading when a handler throws (an error event)', async () => {
    const response = new Response('event: error\ndata: {"code":"model_unreachable"}\n\nevent: done\ndata: {}\n\n');
    const seen: string[] = [];
    await expect(
      readEventStream(response, (name) => {
        seen.push(name);
        if (name === 'error') throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect(seen).toEqual(['error']);
  });
});
