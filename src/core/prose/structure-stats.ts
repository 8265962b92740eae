import { round2, summarize } from './number-stats.js';
import type { ProseDocument } from './prose-document.js';
import type { ParagraphStats, SentenceStats } from './prose-report.js';

const MAX_QUOTED_TEXT = 240;

/** Shortens long text for the report, marking the cut with an ellipsis. */
export function clip(text: string, limit = MAX_QUOTED_TEXT): string {
  if (text.length <= limit) return text;
  let cut = limit - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut -= 1; // never split a surrogate pair
  return `${text.slice(0, cut)}\u2026`;
}

/** Words per sentence: count, mean, median, extremes, spread and the longest sentence. */
export function sentenceStats(document: ProseDocument): SentenceStats {
  const summary = summarize(document.sentences.map((sentence) => sentence.words));
  let longest = document.sentences[0];
  for (const sentence of document.sentences) if (longest === undefined || sentence.words > longest.words) longest = sentence;
  return {
    count: summary.count,
    mean_words: summary.mean,
    median_words: summary.median,
    min_words: summary.min,
    max_words: summary.max,
    std_dev: summary.stdDev,
    longest: longest === undefined ? null : { words: longest.words, line: longest.line, text: clip(longest.text) },
  };
}

/** Words and sentences per paragraph, one-sentence paragraphs and the longest paragraph. */
export function paragraphStats(document: ProseDocument): ParagraphStats {
  const paragraphs = document.paragraphs;
  const summary = summarize(paragraphs.map((paragraph) => paragraph.words));
  let longest = paragraphs[0];
  for (const paragraph of paragraphs) if (longest === undefined || paragraph.words > longest.words) longest = paragraph;
  const sentences = paragraphs.reduce((total, paragraph) => total + paragraph.sentences, 0);
  return {
    count: summary.count,
    mean_words: summary.mean,
    median_words: summary.median,
    max_words: summary.max,
    mean_sentences: paragraphs.length === 0 ? 0 : round2(sentences / paragraphs.length),
    single_sentence: paragraphs.filter((paragraph) => paragraph.sentences === 1).length,
    longest: longest === undefined ? null : { words: longest.words, start_line: longest.startLine, end_line: longest.endLine },
  };
}
