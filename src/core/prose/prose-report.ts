/**
 * The JSON the `prose_analyzer` tool returns. Field names are snake_case like the tool's arguments;
 * every line number is a real line of the scene file (front matter included in the numbering).
 */

/** Which optional sections to compute, as in the tool's `focus` argument. */
export type ProseFocus = 'pacing' | 'voice' | 'rhythm' | 'all';

/** Words per sentence across the scene. */
export interface SentenceStats {
  count: number;
  mean_words: number;
  median_words: number;
  min_words: number;
  max_words: number;
  std_dev: number;
  longest: { words: number; line: number; text: string } | null;
}

/** Words and sentences per paragraph. */
export interface ParagraphStats {
  count: number;
  mean_words: number;
  median_words: number;
  max_words: number;
  mean_sentences: number;
  /** Paragraphs of exactly one sentence. */
  single_sentence: number;
  longest: { words: number; start_line: number; end_line: number } | null;
}

/** How much of the scene is speech, and who speaks. */
export interface DialogueStats {
  /** Share of words spoken inside quotation marks, in [0, 1]. */
  ratio: number;
  dialogue_words: number;
  narration_words: number;
  /** Quoted passages. */
  quotes: number;
  /** File lines carrying at least one spoken word. */
  dialogue_lines: number;
  speaker_tags: Array<{ speaker: string; verb: string; line: number; text: string }>;
  /** Tags per speaker. */
  speakers: Record<string, number>;
  /** Tags per verb as written ("said", "asked"). */
  tag_verbs: Record<string, number>;
}

/** Content words used again within a short window. */
export interface RepeatedWords {
  window_words: number;
  words: Array<{ word: string; count: number; lines: number[] }>;
}

/** Adverbs ending in -ly, found by part-of-speech tagging. */
export interface AdverbStats {
  count: number;
  per_1000_words: number;
  in_dialogue: number;
  top: Array<{ word: string; count: number }>;
  lines: number[];
}

/** Narrative point-of-view verdict. */
export type PovVerdict = 'first' | 'second' | 'third-limited' | 'third-omniscient' | 'unclear';

/** Person of the pronouns in narration (speech excluded) and whose thoughts the narration enters. */
export interface PovSignals {
  verdict: PovVerdict;
  /** The `pov` field of the front matter, if any. */
  declared: string | null;
  first_person: number;
  second_person: number;
  third_person: number;
  /** Subjects of thinking and feeling verbs in narration ("Mara wondered", "she knew"). */
  interior: Record<string, number>;
}

/** Flesch reading ease and Flesch–Kincaid grade; null when there is nothing to read. */
export interface Readability {
  flesch_reading_ease: number | null;
  flesch_kincaid_grade: number | null;
  syllables: number;
  syllables_per_word: number;
  words_per_sentence: number;
}

/** Sentence length through the scene, in consecutive chunks of sentences. */
export interface Pacing {
  chunk_sentences: number;
  chunks: Array<{
    start_line: number;
    end_line: number;
    sentences: number;
    mean_words: number;
    std_dev: number;
    dialogue_ratio: number;
    /** Compared with the whole scene: shorter sentences read faster. */
    tempo: 'faster' | 'steady' | 'slower';
  }>;
  /** Last chunk against the first: shortening sentences accelerate. */
  trend: 'accelerating' | 'steady' | 'decelerating';
}

/** The scene's voice: pronouns in narration and speech, and how characters talk. */
export interface Voice {
  narration_pronouns: { first: number; second: number; third: number };
  dialogue_pronouns: { first: number; second: number; third: number };
  dialogue_ratio: number;
  mean_quote_words: number;
  question_quotes: number;
  exclamation_quotes: number;
  contractions_per_1000_words: number;
  /** Share of speaker tags using plain "said" or "asked". */
  plain_tag_share: number;
  top_speakers: Array<{ speaker: string; tags: number }>;
}

/** Sentence-length sequence: alternation and runs of similar length. */
export interface Rhythm {
  /** Words per sentence, in order (the first 120 sentences). */
  lengths: number[];
  /** Times the length sequence turns from rising to falling or back. */
  sign_changes: number;
  /** sign_changes divided by the most possible; 1 means every sentence alternates. */
  alternation: number;
  similar_runs: Array<{ start_line: number; end_line: number; sentences: number; min_words: number; max_words: number }>;
  longest_similar_run: number;
  short_sentences: number;
  long_sentences: number;
}

/** Everything `prose_analyzer` reports about one scene. */
export interface ProseReport {
  focus: ProseFocus;
  lines: { start_line: number; end_line: number; prose_start_line: number };
  front_matter: { present: boolean; title: string | null; pov: string | null };
  words: number;
  sentences: SentenceStats;
  paragraphs: ParagraphStats;
  dialogue: DialogueStats;
  repeated_words: RepeatedWords;
  adverbs: AdverbStats;
  pov: PovSignals;
  readability: Readability;
  pacing?: Pacing;
  voice?: Voice;
  rhythm?: Rhythm;
  notes: string[];
}
