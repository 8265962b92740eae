import type { ChatMessage } from '../../protocol/index.js';

/** node-llama-cpp's chat history items (the subset we produce). */
export type LlamaHistoryItem = { type: 'system'; text: string } | { type: 'user'; text: string } | { type: 'model'; response: string[] };

/**
 * Maps chat messages to node-llama-cpp's history plus the prompt to answer. Tool results become
 * user turns that carry the raw JSON (embedded models have no tool role); the last user turn is
 * the prompt.
 */
export function toLlamaHistory(messages: readonly ChatMessage[]): { history: LlamaHistoryItem[]; prompt: string } {
  const history: LlamaHistoryItem[] = [];
  for (const message of messages) {
    if (message.role === 'system') history.push({ type: 'system', text: message.content });
    else if (message.role === 'assistant') history.push({ type: 'model', response: [message.content] });
    else if (message.role === 'tool') history.push({ type: 'user', text: `Tool result (JSON):\n${message.content}` });
    else history.push({ type: 'user', text: message.content });
  }
  const last = history[history.length - 1];
  if (last && last.type === 'user') {
    history.pop();
    return { history, prompt: last.text };
  }
  return { history, prompt: '' };
}
