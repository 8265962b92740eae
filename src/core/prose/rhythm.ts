import { round2 } from './number-stats.js';
import type { ProseDocument } from './prose-document.js';
import type { Rhythm } from './prose-report.js';

const MAX_LENGTHS = 120;
const MAX_RUNS = 5;
const MIN_RUN = 3;
/** Sentences of at most this many words count as short, of at least `LONG_SENTENCE` as long. */
export const SHORT_SENTENCE = 5;
export const LONG_SENTENCE = 30;

/** Two lengths are similar when they differ by at most one word or 20% of the longer. */
export function similarLengths(left: number, right: number): boolean {
  return Math.abs(left - right) <= Math.max(1, 0.2 * Math.max(left, right));
}

/** Turns in the length sequence: a rise followed by a fall or the reverse (equal steps are skipped). */
export function signChanges(lengths: readonly number[]): number {
  let changes = 0;
  let previousSign = 0;
  for (let index = 1; index < lengths.length; index += 1) {
    const sign = Math.sign((lengths[index] ?? 0) - (lengths[index - 1] ?? 0));
    if (sign === 0) continue;
    if (previousSign !== 0 && sign !== previousSign) changes += 1;
    previousSign = sign;
  }
  return changes;
}

/**
 * Runs of three or more consecutive sentences whose lengths are all similar to the run's first
 * sentence (so a steady climb 5, 7, 9, 11 is not a run), as [first, last] sentence indices.
 */
export function similarRuns(lengths: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = 0;
  for (let index = 1; index <= lengths.length; index += 1) {
    const continues = index < lengths.length && similarLengths(lengths[start] ?? 0, lengths[index] ?? 0);
    if (continues) continue;
    if (index - start >= MIN_RUN) runs.push([start, index - 1]);
    start = index;
  }
  return runs;
}

/** The sentence-length sequence: how often it alternates, and where it settles into sameness. */
export function rhythm(document: ProseDocument): Rhythm {
  const sentences = document.sentences;
  const lengths = sentences.map((sentence) => sentence.words);
  const changes = signChanges(lengths);
  const runs = similarRuns(lengths);
  const longest = runs.reduce((best, [first, last]) => Math.max(best, last - first + 1), 0);
  const listed = [...runs].sort((left, right) => right[1] - right[0] - (left[1] - left[0]) || left[0] - right[0]).slice(0, MAX_RUNS);
  return {
    lengths: lengths.slice(0, MAX_LENGTHS),
    sign_changes: changes,
    alternation: lengths.length < 3 ? 0 : round2(changes / (lengths.length - 2)),
    similar_runs: listed.map(([first, last]) => {
      const run = lengths.slice(first, last + 1);
      return {
        start_line: sentences[first]?.line ?? 0,
        end_line: sentences[last]?.endLine ?? 0,
        sentences: run.length,
        min_words: run.reduce((low, length) => Math.min(low, length), Infinity),
        max_words: run.reduce((high, length) => Math.max(high, length), 0),
      };
    }),
    longest_similar_run: longest,
    short_sentences: lengths.filter((length) => length <= SHORT_SENTENCE).length,
    long_sentences: lengths.filter((length) => length >= LONG_SENTENCE).length,
  };
}
