import { tally } from './dialogue-stats.js';
import { mean, ratio, round2 } from './number-stats.js';
import { countPersons } from './pov-signals.js';
import type { ProseDocument } from './prose-document.js';
import type { Voice } from './prose-report.js';
import type { SpeakerTag } from './speaker-tags.js';

const PLAIN_TAG_VERBS = new Set(['say', 'says', 'said', 'saying', 'ask', 'asks', 'asked', 'asking']);
const MAX_SPEAKERS = 5;

/** Pronoun profile of narration and speech, how long and how urgent the speech is, and who speaks. */
export function voice(document: ProseDocument, tags: readonly SpeakerTag[]): Voice {
  const words = document.words;
  const spoken = words.filter((word) => word.quote >= 0).length;
  const contractions = words.filter((word) => word.contraction).length;
  const plainTags = tags.filter((tag) => PLAIN_TAG_VERBS.has(tag.verb.toLowerCase())).length;
  const speakers = Object.entries(tally(tags.map((tag) => tag.speaker)))
    .slice(0, MAX_SPEAKERS)
    .map(([speaker, count]) => ({ speaker, tags: count }));
  return {
    narration_pronouns: countPersons(words, (word) => word.quote < 0),
    dialogue_pronouns: countPersons(words, (word) => word.quote >= 0),
    dialogue_ratio: ratio(spoken, words.length),
    mean_quote_words: round2(mean(document.quotes.map((quote) => quote.words))),
    question_quotes: document.quotes.filter((quote) => quote.question).length,
    exclamation_quotes: document.quotes.filter((quote) => quote.exclamation).length,
    contractions_per_1000_words: words.length === 0 ? 0 : round2((contractions * 1000) / words.length),
    plain_tag_share: ratio(plainTags, tags.length),
    top_speakers: speakers,
  };
}
