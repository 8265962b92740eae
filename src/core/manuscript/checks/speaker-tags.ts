import { lineOf, type Paragraph } from '../prose.js';
import type { FileProse, Mention } from '../scene-prose.js';

/** A line of dialogue attributed to a named speaker by a tag (`said Tresk`, `Morag asked`). */
export interface SpeakerTag {
  mention: Mention;
  /** The tag as written, e.g. `said Tresk from the end of the bar`. */
  tag: string;
  line: number;
}

const SPEECH_VERBS = [
  'said', 'says', 'asked', 'asks', 'replied', 'answered', 'called', 'shouted', 'whispered', 'muttered', 'murmured',
  'added', 'told', 'snapped', 'cried', 'began', 'continued', 'repeated', 'demanded', 'insisted', 'agreed', 'admitted',
  'roared', 'yelled', 'went on', 'breathed', 'sighed', 'barked', 'growled', 'hissed', 'pleaded', 'offered', 'warned',
];
const VERB = `(?:${SPEECH_VERBS.join('|').replace(/ /g, '\\s+')})`;
// Narration right after a closing quote: `, said Tresk …` or ` Tresk said …`.
const VERB_THEN_NAME = new RegExp(`^[\\s,—–-]*${VERB}\\s+$`, 'iu');
const NAME_THEN_VERB = new RegExp(`^(?:\\s+\\p{L}+ly)?\\s+${VERB}(?![\\p{L}])`, 'u');

/** The narration between the end of `quoteEnd` and the next quote or sentence end. */
function narrationAfter(paragraph: Paragraph, quoteEnd: number, nextQuoteStart: number): { start: number; end: number } {
  const rest = paragraph.text.slice(quoteEnd, nextQuoteStart);
  const stop = /[.!?…](?=\s|$)/.exec(rest);
  return { start: quoteEnd, end: quoteEnd + (stop ? stop.index : rest.length) };
}

/** The narration between the previous sentence end (or quote) and a quote's opening mark. */
function narrationBefore(paragraph: Paragraph, quoteStart: number, previousQuoteEnd: number): { start: number; end: number } {
  const before = paragraph.text.slice(previousQuoteEnd, quoteStart);
  const lastStop = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '));
  return { start: previousQuoteEnd + (lastStop < 0 ? 0 : lastStop + 2), end: quoteStart };
}

/**
 * Dialogue tags that name a speaker: the narration touching a quotation (`“…,” said Tresk`,
 * `Morag said, “…”`) where a known name or alias sits right after a speech verb, or right before
 * one (an adverb may come between: `Reddaway quietly said`). Names inside the quotes never count.
 */
export function findSpeakerTags(prose: FileProse): SpeakerTag[] {
  const tags: SpeakerTag[] = [];
  prose.paragraphs.forEach((paragraph, paragraphIndex) => {
    const mentions = prose.mentions.filter((mention) => mention.paragraphIndex === paragraphIndex && !mention.quoted);
    paragraph.quotes.forEach((quote, index) => {
      const previousEnd = index === 0 ? 0 : paragraph.quotes[index - 1]!.end;
      const nextStart = paragraph.quotes[index + 1]?.start ?? paragraph.text.length;
      const windows = [narrationAfter(paragraph, quote.end, nextStart), narrationBefore(paragraph, quote.start, previousEnd)];
      for (const window of windows) {
        for (const mention of mentions) {
          const { start, end } = mention.match;
          if (start < window.start || end > window.end) continue;
          const before = paragraph.text.slice(window.start, start);
          const after = paragraph.text.slice(end, window.end);
          if (!VERB_THEN_NAME.test(before) && !NAME_THEN_VERB.test(after)) continue;
          if (tags.some((tag) => tag.mention === mention)) continue;
          const tagText = paragraph.text.slice(window.start, window.end).replace(/^[\s,—–-]+/, '').replace(/\s+/g, ' ').trim();
          tags.push({ mention, tag: tagText, line: lineOf(paragraph, start) });
        }
      }
    });
  });
  return tags;
}
