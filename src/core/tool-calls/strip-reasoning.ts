import { splitHarmony } from './split-harmony.js';

/**
 * Removes a model's chain-of-thought from a reply before it is parsed or validated: `<think>…`,
 * `<thinking>…`, `<reasoning>…` and `[THINK]…` blocks (any case, across lines; Qwen3, DeepSeek-R1,
 * Magistral), a block left open at the end (the model ran out of tokens mid-thought), the orphan
 * close that some servers leave when they swallow the opening tag (`reasoning… </think> answer`,
 * where everything before it is reasoning), and gpt-oss's harmony channels (only `final` is the answer).
 */
export interface StrippedReply {
  text: string;
  reasoning: string[];
}

// One token regex for every form; `\s*` never sits next to another whitespace run, so it stays linear.
const REASONING_TAG = /<\s*(\/\s*)?(?:think|thinking|reasoning)\s*>|\[\s*(\/\s*)?(?:think|thinking)\s*\]/gi;

/** Splits `text` into the visible reply and the reasoning blocks it carried, in order. */
export function stripReasoning(reply: string): StrippedReply {
  const harmony = splitHarmony(reply);
  const text = harmony.text;
  const reasoning: string[] = [...harmony.reasoning];
  const visible: string[] = [];
  let depth = 0;
  let sawOpening = false;
  let cursor = 0;
  let blockStart = 0;

  const keepReasoning = (part: string): void => {
    const trimmed = part.trim();
    if (trimmed !== '') reasoning.push(trimmed);
  };

  for (const match of text.matchAll(REASONING_TAG)) {
    const closing = match[1] !== undefined || match[2] !== undefined;
    const index = match.index;
    if (depth > 0) {
      depth += closing ? -1 : 1;
      if (depth === 0) keepReasoning(text.slice(blockStart, index));
    } else if (!closing) {
      visible.push(text.slice(cursor, index));
      blockStart = index + match[0].length;
      depth = 1;
      sawOpening = true;
    } else if (!sawOpening) {
      // Orphan close before any opening tag: everything before it was reasoning.
      keepReasoning(text.slice(0, index));
      sawOpening = true;
    } else {
      // A stray close after earlier blocks: keep the text before it, drop the tag.
      visible.push(text.slice(cursor, index));
    }
    cursor = index + match[0].length;
  }
  if (depth > 0) keepReasoning(text.slice(blockStart));
  else visible.push(text.slice(cursor));
  return { text: visible.join('').trim(), reasoning };
}
