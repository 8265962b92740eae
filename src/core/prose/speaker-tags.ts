import type { ProseDocument, ProseQuote, ProseWord } from './prose-document.js';
import { SPEAKER_PRONOUNS, SPEECH_VERB_LEMMAS, isCapitalized, isTitle } from './speech-words.js';

/** A speaker tag attached to a quoted passage: "said Mara", "Mara said", "she asked". */
export interface SpeakerTag {
  /** The name as written ("Mr. Hale"), a lower-case pronoun ("she") or a description ("the keeper"). */
  speaker: string;
  /** The verb as written ("said", "whispered"). */
  verb: string;
  line: number;
  /** The tag's words in order, e.g. "said Mara". */
  text: string;
}

const MAX_NAME_WORDS = 3;
const DETERMINERS = new Set(['the', 'a', 'an', 'his', 'her', 'their', 'my', 'our']);

function isName(word: ProseWord | undefined): boolean {
  return word !== undefined && isCapitalized(word.text) && (word.pos === 'PROPN' || isTitle(word.normal));
}

function isSpeech(word: ProseWord | undefined): boolean {
  return word !== undefined && word.pos === 'VERB' && SPEECH_VERB_LEMMAS.has(word.lemma);
}

/** The speaker phrase running forward from `from` (Mara / Mr. Hale / she / the old keeper): its last index. */
function speakerForward(words: readonly ProseWord[], from: number, usable: (index: number) => boolean): number {
  const first = words[from];
  if (!usable(from) || first === undefined) return -1;
  if (SPEAKER_PRONOUNS.has(first.normal)) return from;
  let cursor = from;
  while (cursor - from < MAX_NAME_WORDS && usable(cursor) && isName(words[cursor])) cursor += 1;
  if (cursor > from) return cursor - 1;
  if (!DETERMINERS.has(first.normal)) return -1;
  for (cursor = from + 1; cursor - from <= MAX_NAME_WORDS && usable(cursor); cursor += 1) {
    const pos = words[cursor]?.pos;
    if (pos === 'NOUN') return cursor;
    if (pos !== 'ADJ') return -1;
  }
  return -1;
}

/** The speaker phrase running backward from `to`: its first index. */
function speakerBackward(words: readonly ProseWord[], to: number, usable: (index: number) => boolean): number {
  const last = words[to];
  if (!usable(to) || last === undefined) return -1;
  if (SPEAKER_PRONOUNS.has(last.normal)) return to;
  let cursor = to;
  while (to - cursor < MAX_NAME_WORDS && usable(cursor) && isName(words[cursor])) cursor -= 1;
  if (cursor < to) return cursor + 1;
  if (last.pos !== 'NOUN') return -1;
  for (cursor = to - 1; to - cursor <= MAX_NAME_WORDS && usable(cursor); cursor -= 1) {
    const word = words[cursor];
    if (word !== undefined && DETERMINERS.has(word.normal)) return cursor;
    if (word?.pos !== 'ADJ') return -1;
  }
  return -1;
}

function makeTag(words: readonly ProseWord[], from: number, to: number, verbAt: number, speakerFrom: number, speakerTo: number): SpeakerTag {
  const phrase = words.slice(speakerFrom, speakerTo + 1).map((word) => word.text);
  const named = isName(words[speakerFrom]);
  return {
    speaker: named ? phrase.join(' ') : phrase.join(' ').toLowerCase(),
    verb: words[verbAt]?.text ?? '',
    line: words[verbAt]?.line ?? 0,
    text: words.slice(from, to + 1).map((word) => word.text).join(' '),
  };
}

/**
 * The tag right after a quote: "“Go,” said Mara", "“Go,” Mara said", "“Go,” she said". When the
 * quote ended its sentence, the tag must be a whole sentence ("“Wait.” Mara said.") so that
 * narration such as "He said the word carefully" is not taken for a tag.
 */
function tagAfter(document: ProseDocument, quote: ProseQuote): { verbAt: number; tag: SpeakerTag } | null {
  const words = document.words;
  const start = quote.lastWord + 1;
  const sentence = words[start]?.sentence;
  const usable = (index: number): boolean =>
    words[index]?.quote === -1 && words[index]?.paragraph === quote.paragraph && words[index]?.sentence === sentence;
  const ownSentence = sentence !== words[quote.lastWord]?.sentence;
  const fits = (end: number): boolean => !ownSentence || document.sentences[sentence ?? -1]?.words === end - start + 1;
  if (usable(start) && isSpeech(words[start])) {
    const end = speakerForward(words, start + 1, usable);
    return end < 0 || !fits(end) ? null : { verbAt: start, tag: makeTag(words, start, end, start, start + 1, end) };
  }
  const end = speakerForward(words, start, usable);
  if (end < 0 || !usable(end + 1) || !isSpeech(words[end + 1]) || !fits(end + 1)) return null;
  return { verbAt: end + 1, tag: makeTag(words, start, end + 1, end + 1, start, end) };
}

/** The tag right before a quote, in the same sentence: "Mara said, “Go.”". */
function tagBefore(words: readonly ProseWord[], quote: ProseQuote): { verbAt: number; tag: SpeakerTag } | null {
  const sentence = words[quote.firstWord]?.sentence;
  const usable = (index: number): boolean => words[index]?.quote === -1 && words[index]?.sentence === sentence;
  const verbAt = quote.firstWord - 1;
  if (!usable(verbAt) || !isSpeech(words[verbAt])) return null;
  const start = speakerBackward(words, verbAt - 1, usable);
  return start < 0 ? null : { verbAt, tag: makeTag(words, start, verbAt, verbAt, start, verbAt - 1) };
}

/** Finds the speaker tags next to each quoted passage, each verb counted once. */
export function findSpeakerTags(document: ProseDocument): SpeakerTag[] {
  const tags: SpeakerTag[] = [];
  const seen = new Set<number>();
  for (const quote of document.quotes) {
    for (const found of [tagBefore(document.words, quote), tagAfter(document, quote)]) {
      if (found === null || seen.has(found.verbAt)) continue;
      seen.add(found.verbAt);
      tags.push(found.tag);
    }
  }
  return tags;
}
