import type { TextSpan } from '../../protocol/index.js';

/**
 * Openings of chain-of-thought prose that local models leak when no reasoning channel catches it.
 * Only the start of the reply is tested: "Let me think" mid-answer is a figure of speech; as the
 * first words it is the model thinking aloud instead of answering.
 */
const COT_OPENINGS: readonly RegExp[] = [
  /^let me (?:think|analy[sz]e|figure|work (?:out|through)|start|look|check|see|consider|break|reason|review|go through|recall|first)\b/i,
  /^first,? (?:i|we) (?:need|should|have|must|will|'ll|want)\b/i,
  /^ok(?:ay)?[,.]? so,? (?:the user|i|we|let)\b/i,
  /^i need to (?:figure|think|work|determine|understand|check|find|look|answer|respond|consider|analy[sz]e|make sure)\b/i,
  /^hm+\b[,.…!]?/i,
  /^alright,? (?:let'?s|let me|so)\b/i,
  /^we need to\b/i,
  /^thinking about (?:this|it|that|the)\b/i,
  /^(?:so,? )?the user (?:is asking|wants|asked|has asked|needs|is|seems)\b/i,
  /^wait[,.]/i,
  /^i(?:'m| am) (?:thinking|trying to (?:figure|work|understand))\b/i,
  /^(?:my )?(?:reasoning|thought process|chain of thought|internal monologue)\s*:/i,
];

/** Markdown that may precede the first word: headings, emphasis, quotes, bullets. */
const LEADING_MARKUP = /^(?:\s|#{1,6}\s|[*_>`~-])*/;

/** The chain-of-thought opening of a reply, as a span, or null when the reply opens with an answer. */
export function findCotLeak(text: string): TextSpan | null {
  const skip = LEADING_MARKUP.exec(text)?.[0].length ?? 0;
  const rest = text.slice(skip);
  for (const pattern of COT_OPENINGS) {
    const match = pattern.exec(rest);
    if (match) return { start: skip, end: skip + match[0].length };
  }
  return null;
}
