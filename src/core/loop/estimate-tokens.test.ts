import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../protocol/index.js';
import { estimateMessageTokens, estimateTokens } from './estimate-tokens.js';

describe('estimateMessageTokens', () => {
  it('counts a message again only when its content or calls changed', () => {
    const message: ChatMessage = { role: 'tool', toolCallId: 'c', content: 'The keeper climbed the stair.' };
    const first = estimateMessageTokens(message);
    expect(estimateMessageTokens(message)).toBe(first);
    message.content = `${message.content} ${'Then the lamp went out. '.repeat(40)}`;
    expect(estimateMessageTokens(message)).toBe(8 + estimateTokens(message.content));
    const withCall: ChatMessage = { ...message, toolCalls: [{ id: 'c', name: 'file_reader', arguments: '{"path":"Canon.md"}' }] };
    expect(estimateMessageTokens(withCall)).toBeGreaterThan(estimateMessageTokens(message));
    withCall.toolCalls = [];
    expect(estimateMessageTokens(withCall)).toBe(estimateMessageTokens(message));
  });
});
