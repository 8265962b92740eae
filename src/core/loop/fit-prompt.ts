import { ControlRoomError, type ChatMessage, type ContextWindow, type ModelRequest } from '../../protocol/index.js';
import { sha256Hex } from '../receipts/index.js';
import { estimateMessageTokens, estimateRequestTokens } from './estimate-tokens.js';

/** One tool message cut down so the prompt fits. */
export interface TrimmedMessage {
  /** Its position in the request's messages. */
  index: number;
  fromChars: number;
  toChars: number;
}

/** What fitting did to a request: nothing, or which tool outputs it cut. */
export interface PromptFit {
  windowTokens: number;
  /** Tokens kept free for the reply. */
  replyTokens: number;
  /** The prompt's estimated tokens as given, and after trimming. */
  estimatedTokens: number;
  fittedTokens: number;
  trimmed: TrimmedMessage[];
}

/** Tokens kept for the reply when the request does not say: a quarter of the window, at most 1,024. */
export function replyReserve(request: Pick<ModelRequest, 'maxTokens'>, window: ContextWindow): number {
  return request.maxTokens ?? Math.min(1024, Math.floor(window.tokens / 4));
}

/** The least of a tool output kept when trimming, so the model still sees what the call returned. */
const MIN_KEPT_CHARS = 240;

/**
 * A tool output cut to `keep` characters, as JSON the model can still read: the excerpt with the
 * size and sha256 of the whole, so the cut is visible and nothing is silently dropped.
 */
function trimToolContent(content: string, keep: number): string {
  const excerpt = content.slice(0, Math.max(0, keep));
  return JSON.stringify({ truncated_to_fit_context: true, full_chars: content.length, sha256: sha256Hex(content), excerpt });
}

/**
 * Fits a request into a model's context window (prompt plus the reply it needs): when the estimate
 * is over, tool outputs are cut, the largest first, down to an excerpt; when that is not enough,
 * `model_context_exceeded` names the setting that gives the model a larger window. Instructions
 * and the writer's words are never cut.
 */
export function fitPrompt<T extends Pick<ModelRequest, 'messages' | 'tools' | 'maxTokens'>>(request: T, window: ContextWindow): { request: T; fit: PromptFit } {
  const replyTokens = replyReserve(request, window);
  const budget = window.tokens - replyTokens;
  const estimated = estimateRequestTokens(request);
  const fit: PromptFit = { windowTokens: window.tokens, replyTokens, estimatedTokens: estimated, fittedTokens: estimated, trimmed: [] };
  if (estimated <= budget) return { request, fit };

  const messages: ChatMessage[] = [...request.messages];
  let over = estimated - budget;
  const candidates = messages
    .map((message, index) => ({ message, index }))
    .filter(({ message }) => message.role === 'tool' && message.content.length > MIN_KEPT_CHARS)
    .sort((a, b) => b.message.content.length - a.message.content.length || b.index - a.index);
  for (const { message, index } of candidates) {
    if (over <= 0) break;
    const before = estimateMessageTokens(message);
    const target = before - over;
    // The longest excerpt whose framed message fits the target (the frame escapes quotes, so measure it).
    let low = 0;
    let high = message.content.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (estimateMessageTokens({ ...message, content: trimToolContent(message.content, middle) }) <= target) low = middle;
      else high = middle - 1;
    }
    const content = trimToolContent(message.content, Math.max(low, Math.min(MIN_KEPT_CHARS, message.content.length)));
    if (content.length >= message.content.length) continue;
    messages[index] = { ...message, content };
    fit.trimmed.push({ index, fromChars: message.content.length, toChars: content.length });
    over -= before - estimateMessageTokens(messages[index]!);
  }
  const fitted = { ...request, messages };
  fit.fittedTokens = estimateRequestTokens(fitted);
  if (fit.fittedTokens > budget) {
    throw new ControlRoomError(
      'model_context_exceeded',
      `The prompt needs about ${fit.fittedTokens} tokens plus ${replyTokens} for the reply, but the model's context window holds ${window.tokens}` +
        `${fit.trimmed.length > 0 ? ', even with the tool output cut down' : ''}. Give the model a larger window: ${window.setting}.`,
      { fault: 'user', details: { transient: false, windowTokens: window.tokens, estimatedTokens: fit.fittedTokens, replyTokens, setting: window.setting } },
    );
  }
  return { request: fitted, fit };
}
