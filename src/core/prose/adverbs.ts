import { round2 } from './number-stats.js';
import type { ProseDocument, ProseWord } from './prose-document.js';
import type { AdverbStats } from './prose-report.js';

const MAX_LISTED = 10;
const MAX_LINES = 40;
// Tagged as adverbs and spelled with -ly, but the -ly is not the manner suffix.
const NOT_MANNER = new Set(['only', 'early', 'rely', 'reply', 'ally', 'belly', 'holy', 'jelly']);

/** An -ly adverb: the tagger says ADV (so "lovely", "family", "holy" as adjectives or nouns do not count). */
export function isLyAdverb(word: ProseWord): boolean {
  return word.pos === 'ADV' && word.normal.length > 4 && word.normal.endsWith('ly') && !NOT_MANNER.has(word.normal);
}

/** Counts -ly adverbs found by part-of-speech tagging, the most frequent, and their lines. */
export function adverbStats(document: ProseDocument): AdverbStats {
  const found = document.words.filter(isLyAdverb);
  const counts = new Map<string, number>();
  for (const word of found) counts.set(word.normal, (counts.get(word.normal) ?? 0) + 1);
  const top = [...counts.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, MAX_LISTED)
    .map(([word, count]) => ({ word, count }));
  const words = document.words.length;
  return {
    count: found.length,
    per_1000_words: words === 0 ? 0 : round2((found.length * 1000) / words),
    in_dialogue: found.filter((word) => word.quote >= 0).length,
    top,
    lines: [...new Set(found.map((word) => word.line))].slice(0, MAX_LINES),
  };
}
