import type { ModelResponse } from '../../protocol/index.js';
import { createChatCompletionAggregator, type AggregatedCompletion } from './chat-completion-aggregator.js';
import { createChatCompletionStreamDecoder } from './chat-completion-stream-decoder.js';
import { parseChatCompletionBody } from './parse-chat-completion-body.js';
import { asObject } from './wire-values.js';

/** How a reply given as text was wrapped. */
export type ReplyWrapping = 'text' | 'chat_completion' | 'event_stream' | 'message' | 'ollama_chat';

export type ProviderReply = Pick<ModelResponse, 'content' | 'reasoning' | 'toolCalls'> & { wrapping: ReplyWrapping };

/** Keys of our own protocol: an object holding one is a reply to judge, never a wrapper to open. */
const PROTOCOL_KEYS = ['tool', 'args', 'nonce', 'action'];
const REASONING_KEYS = ['reasoning_content', 'reasoning', 'thinking'];

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** An assistant message (`{role, content, reasoning_content?, tool_calls?}`), replayed through the aggregator. */
function fromMessage(message: Record<string, unknown>): AggregatedCompletion {
  const calls = message['tool_calls'];
  // Ollama's own API sends arguments as an object; the OpenAI shape carries them as text.
  const indexed = Array.isArray(calls)
    ? calls.map((call, index) => {
        const record = asObject(call) ?? {};
        const fn = asObject(record['function']) ?? {};
        const args = fn['arguments'];
        return { ...record, index, function: { ...fn, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) } };
      })
    : undefined;
  const aggregator = createChatCompletionAggregator();
  aggregator.push({ choices: [{ index: 0, delta: { ...message, tool_calls: indexed }, finish_reason: 'stop' }] });
  aggregator.markDone();
  return aggregator.finish();
}

function isMessage(record: Record<string, unknown>): boolean {
  if (PROTOCOL_KEYS.some((key) => Object.hasOwn(record, key))) return false;
  if (!Object.hasOwn(record, 'content') && !Object.hasOwn(record, 'tool_calls')) return false;
  return record['role'] === 'assistant' || REASONING_KEYS.some((key) => Object.hasOwn(record, key));
}

/**
 * Reads a model reply given as text the way the model adapters read it off the wire, so a reply
 * checked by hand is judged exactly as the tool loop judges it: a bare reply (reasoning tags are
 * separated later, by the same `stripReasoning` the loop uses), a whole chat-completion body, its
 * server-sent events, an assistant message with `reasoning_content` / `reasoning` beside `content`,
 * or an Ollama `/api/chat` answer with `message.thinking`. Anything else is a bare reply.
 */
export function readProviderReply(text: string): ProviderReply {
  const trimmed = text.trim();
  const done = (completion: AggregatedCompletion, wrapping: ReplyWrapping): ProviderReply => ({
    content: completion.content,
    reasoning: completion.reasoning,
    toolCalls: completion.toolCalls,
    wrapping,
  });
  if (/^data:/.test(trimmed)) {
    try {
      const decoder = createChatCompletionStreamDecoder();
      decoder.push(`${trimmed}\n\n`);
      return done(decoder.end(), 'event_stream');
    } catch {
      return { content: text, reasoning: '', toolCalls: [], wrapping: 'text' };
    }
  }
  const record = trimmed.startsWith('{') ? parseObject(trimmed) : undefined;
  if (record && !PROTOCOL_KEYS.some((key) => Object.hasOwn(record, key))) {
    if (Array.isArray(record['choices'])) {
      try {
        return done(parseChatCompletionBody(trimmed), 'chat_completion');
      } catch {
        return { content: text, reasoning: '', toolCalls: [], wrapping: 'text' };
      }
    }
    const message = asObject(record['message']);
    if (message && isMessage({ role: 'assistant', ...message })) return done(fromMessage(message), 'ollama_chat');
    if (isMessage(record)) return done(fromMessage(record), 'message');
  }
  return { content: text, reasoning: '', toolCalls: [], wrapping: 'text' };
}
