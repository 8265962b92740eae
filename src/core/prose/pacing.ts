import { mean, ratio, round2, standardDeviation } from './number-stats.js';
import type { ProseDocument } from './prose-document.js';
import type { Pacing } from './prose-report.js';

const MAX_CHUNKS = 8;
const MIN_CHUNK_SENTENCES = 5;
// Chunks whose mean sentence length is within 15% of the reference read at the same speed.
const TOLERANCE = 0.15;

function compare(value: number, reference: number): -1 | 0 | 1 {
  if (value < reference * (1 - TOLERANCE)) return -1;
  if (value > reference * (1 + TOLERANCE)) return 1;
  return 0;
}

/** Sentences per pacing chunk: at most eight chunks, each of at least five sentences. */
export function chunkSize(sentenceCount: number): number {
  return Math.max(MIN_CHUNK_SENTENCES, Math.ceil(sentenceCount / MAX_CHUNKS));
}

/** Sentence length through the scene in consecutive chunks, each compared with the whole scene. */
export function pacing(document: ProseDocument): Pacing {
  const sentences = document.sentences;
  const size = chunkSize(sentences.length);
  const sceneMean = mean(sentences.map((sentence) => sentence.words));
  const chunks: Pacing['chunks'] = [];
  const means: number[] = [];
  for (let start = 0; start < sentences.length; start += size) {
    const slice = sentences.slice(start, start + size);
    const lengths = slice.map((sentence) => sentence.words);
    const chunkMean = mean(lengths);
    means.push(chunkMean);
    const words = lengths.reduce((total, length) => total + length, 0);
    const spoken = slice.reduce((total, sentence) => total + sentence.dialogueWords, 0);
    const tempo = compare(chunkMean, sceneMean);
    chunks.push({
      start_line: slice[0]?.line ?? 0,
      end_line: slice[slice.length - 1]?.endLine ?? 0,
      sentences: slice.length,
      mean_words: round2(chunkMean),
      std_dev: round2(standardDeviation(lengths)),
      dialogue_ratio: ratio(spoken, words),
      tempo: tempo < 0 ? 'faster' : tempo > 0 ? 'slower' : 'steady',
    });
  }
  const first = means[0];
  const last = means[means.length - 1];
  const change = first === undefined || last === undefined || means.length < 2 ? 0 : compare(last, first);
  return { chunk_sentences: size, chunks, trend: change < 0 ? 'accelerating' : change > 0 ? 'decelerating' : 'steady' };
}
