import type { QuoteMark } from './dialogue-spans.js';

/**
 * A word of the scene: a run of letters or digits, with contractions and hyphenated compounds
 * kept whole ("don’t", "keeper’s", "grey-green"). Part of speech and lemma come from its first token.
 */
export interface ProseWord {
  text: string;
  /** Lower-case form of `text`. */
  normal: string;
  lemma: string;
  /** Universal Dependencies tag of the word's first token. */
  pos: string;
  stopWord: boolean;
  contraction: boolean;
  /** 1-based line in the file. */
  line: number;
  paragraph: number;
  sentence: number;
  /** Index of the quoted passage the word is spoken in, or -1 for narration. */
  quote: number;
}

/** A sentence with at least one word. */
export interface ProseSentence {
  paragraph: number;
  line: number;
  endLine: number;
  words: number;
  dialogueWords: number;
  /** The sentence as written, whitespace collapsed. */
  text: string;
}

/** A paragraph with at least one word. */
export interface ProseParagraph {
  startLine: number;
  endLine: number;
  words: number;
  sentences: number;
  dialogueWords: number;
}

/** A quoted passage of speech with at least one word. */
export interface ProseQuote {
  paragraph: number;
  line: number;
  endLine: number;
  words: number;
  mark: QuoteMark;
  /** Indices (into `ProseDocument.words`) of its first and last word. */
  firstWord: number;
  lastWord: number;
  /** True when the passage has a question mark in it. */
  question: boolean;
  /** True when the passage has an exclamation mark in it. */
  exclamation: boolean;
}

/** The scene's prose as words, sentences, paragraphs and quotes: what every metric reads. */
export interface ProseDocument {
  words: ProseWord[];
  sentences: ProseSentence[];
  paragraphs: ProseParagraph[];
  quotes: ProseQuote[];
}
