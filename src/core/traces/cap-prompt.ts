import { createHash } from 'node:crypto';

/** The plan's prompt cap: about 8k characters of a prompt are kept in a trace. */
export const DEFAULT_PROMPT_CAP = 8000;
/** Below this a head, a tail and the marker between them no longer say anything useful. */
const MIN_PROMPT_CAP = 256;

/** A prompt as stored in an `llm.request` event. */
export interface CappedPrompt {
  /** sha256 (hex) of the whole prompt's UTF-8 bytes, so a kept copy elsewhere can be matched. */
  prompt_hash: string;
  /** The whole prompt when it fits; otherwise its first part, ending with the truncation marker. */
  prompt_head: string;
  /** Empty when the prompt fits; otherwise its last part. */
  prompt_tail: string;
  truncated: boolean;
  /** Length of the whole prompt in UTF-16 code units (JavaScript string length). */
  full_length: number;
}

/** True when the code unit at `index` is the second half of a surrogate pair (cutting there splits a character). */
function isLowSurrogateAfterHigh(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  const previous = text.charCodeAt(index - 1);
  const current = text.charCodeAt(index);
  return previous >= 0xd800 && previous <= 0xdbff && current >= 0xdc00 && current <= 0xdfff;
}

/**
 * Caps a prompt for a trace: short prompts are kept whole; longer ones keep a head and a tail
 * (halves of the budget) around a marker naming the omitted length and the hash, so that
 * head + marker + tail never exceeds `max`. Never splits a surrogate pair.
 */
export function capPrompt(text: string, max: number = DEFAULT_PROMPT_CAP): CappedPrompt {
  if (!Number.isInteger(max) || max < MIN_PROMPT_CAP) {
    throw new RangeError(`capPrompt: max must be an integer of at least ${MIN_PROMPT_CAP} characters, got ${max}`);
  }
  const prompt_hash = createHash('sha256').update(text, 'utf8').digest('hex');
  if (text.length <= max) {
    return { prompt_hash, prompt_head: text, prompt_tail: '', truncated: false, full_length: text.length };
  }
  // The marker's length depends on the omitted count, which depends on the marker: size it with
  // the largest possible count (the whole text), which can only make the budget smaller.
  const marker = (omitted: number): string => `\n[… ${omitted} characters omitted; sha256 ${prompt_hash.slice(0, 16)} …]\n`;
  const budget = max - marker(text.length).length;
  let headEnd = Math.ceil(budget / 2);
  let tailStart = text.length - Math.floor(budget / 2);
  if (isLowSurrogateAfterHigh(text, headEnd)) headEnd -= 1;
  if (isLowSurrogateAfterHigh(text, tailStart)) tailStart += 1;
  return {
    prompt_hash,
    prompt_head: text.slice(0, headEnd) + marker(tailStart - headEnd),
    prompt_tail: text.slice(tailStart),
    truncated: true,
    full_length: text.length,
  };
}
