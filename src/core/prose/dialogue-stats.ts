import { ratio } from './number-stats.js';
import type { ProseDocument } from './prose-document.js';
import type { DialogueStats } from './prose-report.js';
import type { SpeakerTag } from './speaker-tags.js';

const MAX_LISTED_TAGS = 40;

/** Counts occurrences of each key, keeping first-seen order for ties. */
export function tally(keys: Iterable<string>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const sorted = [...counts.entries()].sort((left, right) => right[1] - left[1]);
  return Object.fromEntries(sorted);
}

/** Dialogue ratio, quoted passages, lines with speech and the speaker tags found. */
export function dialogueStats(document: ProseDocument, tags: readonly SpeakerTag[]): DialogueStats {
  const spoken = document.words.filter((word) => word.quote >= 0);
  return {
    ratio: ratio(spoken.length, document.words.length),
    dialogue_words: spoken.length,
    narration_words: document.words.length - spoken.length,
    quotes: document.quotes.length,
    dialogue_lines: new Set(spoken.map((word) => word.line)).size,
    speaker_tags: tags.slice(0, MAX_LISTED_TAGS).map((tag) => ({ ...tag })),
    speakers: tally(tags.map((tag) => tag.speaker)),
    tag_verbs: tally(tags.map((tag) => tag.verb.toLowerCase())),
  };
}
