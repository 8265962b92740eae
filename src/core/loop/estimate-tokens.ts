import type { ChatMessage, ModelRequest } from '../../protocol/index.js';

/** What each chat message costs beyond its text (role, separators of the chat template). */
const TOKENS_PER_MESSAGE = 8;

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** ASCII that is neither a letter, a digit nor a space. */
function isMark(code: number): boolean {
  return code < 0x80 && !isLetter(code) && !isDigit(code) && code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
}

function isUpper(code: number): boolean {
  return code >= 0x41 && code <= 0x5a;
}

/** The tokens of one word of letters only: SHOUTING in pairs, Capitalised words (names) a token per two and a half letters, lower case per five. */
function letterTokens(text: string, start: number, end: number): number {
  const length = end - start;
  if (length === 0) return 0;
  if (length > 3 && isUpper(text.charCodeAt(start + 1))) return Math.ceil(length / 2);
  // A capital starts names, and invented names ("Kethrin", "Aldewaith") break into short pieces.
  return Math.ceil(length / (isUpper(text.charCodeAt(start)) ? 2.5 : 5));
}

/**
 * The tokens of one run of ASCII letters, digits and inner underscores. Words cost a token per
 * five letters (names more), camelCase and snake_case by their parts, numbers a token per
 * three digits; runs that mix letters and digits (hashes, base64, ids) break into pieces of one or
 * two characters.
 */
function wordTokens(text: string, start: number, end: number): number {
  let digits = 0;
  for (let index = start; index < end; index += 1) if (isDigit(text.charCodeAt(index))) digits += 1;
  if (digits === end - start) return Math.ceil(digits / 3);
  if (digits > 0) return Math.ceil((end - start) / 1.3);
  let tokens = 0;
  let part = start;
  for (let index = start + 1; index <= end; index += 1) {
    const code = index < end ? text.charCodeAt(index) : 0;
    const boundary = index === end || code === 0x5f || (isUpper(code) && !isUpper(text.charCodeAt(index - 1)));
    if (!boundary) continue;
    tokens += letterTokens(text, text.charCodeAt(part) === 0x5f ? part + 1 : part, index);
    part = index;
  }
  return tokens;
}

/**
 * A token count of `text` that errs high. Tokenizers differ by model (Qwen, Llama, Mistral, GPT)
 * and none ships with the harness, so the estimate is built to be at least what a byte-level BPE
 * counts: words and numbers by their length (see `wordTokens`), a line break or run of spaces one
 * (a single space joins the word after it), a run of other ASCII marks three tokens for five
 * characters, and any character beyond
 * ASCII one and a half (CJK and emoji run one to two a character).
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  let wide = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (isLetter(code) || isDigit(code)) {
      const start = index;
      // snake_case joins one word: `file_locator` is a token or two, not three.
      while (index < text.length && (isLetter(text.charCodeAt(index)) || isDigit(text.charCodeAt(index)) || (text.charCodeAt(index) === 0x5f && index + 1 < text.length && isLetter(text.charCodeAt(index + 1))))) index += 1;
      tokens += wordTokens(text, start, index);
    } else if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) {
      const start = index;
      while (index < text.length && [0x20, 0x09, 0x0a, 0x0d].includes(text.charCodeAt(index))) index += 1;
      if (index - start > 1 || code !== 0x20) tokens += 1;
    } else if (code < 0x80) {
      // Runs of punctuation merge in every BPE vocabulary (`":"`, `"},{"`, `\\"`): two marks a token.
      const start = index;
      while (index < text.length && isMark(text.charCodeAt(index))) index += 1;
      tokens += Math.ceil((index - start) * 0.6);
    } else {
      // A surrogate pair is one character: count its first half only.
      if (code < 0xdc00 || code > 0xdfff) wide += 1;
      index += 1;
    }
  }
  return tokens + Math.ceil(wide * 1.5);
}

/**
 * Estimates of messages already counted. A turn sends its growing message list at every step, so
 * each message is counted once, not once per step; an entry holds only while the message still
 * has the content and calls it was counted with.
 */
const counted = new WeakMap<ChatMessage, { content: string; toolCalls: ChatMessage['toolCalls']; tokens: number }>();

/** The estimate of one message, its native calls included. */
export function estimateMessageTokens(message: ChatMessage): number {
  const known = counted.get(message);
  if (known !== undefined && known.content === message.content && known.toolCalls === message.toolCalls) return known.tokens;
  let tokens = TOKENS_PER_MESSAGE + estimateTokens(message.content);
  for (const call of message.toolCalls ?? []) tokens += estimateTokens(call.name) + estimateTokens(call.arguments) + TOKENS_PER_MESSAGE;
  counted.set(message, { content: message.content, toolCalls: message.toolCalls, tokens });
  return tokens;
}

/** The estimate of a whole request's prompt: its messages and the native tools a template writes into it. */
export function estimateRequestTokens(request: Pick<ModelRequest, 'messages' | 'tools'>): number {
  let tokens = 0;
  for (const message of request.messages) tokens += estimateMessageTokens(message);
  for (const tool of request.tools ?? []) tokens += estimateTokens(`${tool.name} ${tool.description} ${JSON.stringify(tool.parameters)}`) + TOKENS_PER_MESSAGE;
  return tokens;
}
