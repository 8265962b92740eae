import { describe, expect, it } from 'vitest';
import { toWireRequest } from './to-wire-request.js';

describe('toWireRequest', () => {
  it('sends only what was asked, with streaming options when streaming', () => {
    expect(toWireRequest('m', { messages: [{ role: 'user', content: 'hi' }] }, false)).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(toWireRequest('m', { messages: [], toolChoice: 'none', tools: [] }, true)).toEqual({
      model: 'm',
      messages: [],
      tool_choice: 'none',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('refuses a tool result that does not say which call it answers', () => {
    expect(() => toWireRequest('m', { messages: [{ role: 'tool', content: '{}' }] }, false)).toThrow(/toolCallId/);
  });
});
