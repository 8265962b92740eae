import { isGlued, type TaggedText } from './nlp-engine.js';
import { isCapitalized, isLowerCase, isNameToken, isSpeechVerb } from './speech-words.js';

const CLOSING_MARKS = new Set(['\u201D', '\u2019', '"', "'", ')', ']']);
const OPENING_MARKS = new Set(['\u201C', '\u2018', '\u2019', '"', "'", '(', '[']);
const SPEECH_BREAKS = new Set(['?', '!', '\u2026', '\u2014', '\u2013']);
// How far the checks look past or before a boundary for quotation marks: a few tokens, so a long
// run of punctuation cannot make them quadratic.
const LOOKAROUND = 4;

function isEllipsis(value: string): boolean {
  return value === '\u2026' || (value.length >= 3 && [...value].every((char) => char === '.'));
}

/** Index of the last token of an ellipsis starting at `index` (… , ... or spaced . . .), or -1. */
function ellipsisEnd(tagged: TaggedText, index: number): number {
  if (isEllipsis(tagged.values[index] ?? '')) return index;
  if (tagged.values[index] !== '.') return -1;
  let end = index;
  while (tagged.values[end + 1] === '.') end += 1;
  return end - index >= 2 ? end : -1;
}

/** Skips closing quotation marks glued to the previous token. */
function skipAttachedClosers(tagged: TaggedText, index: number): number {
  let cursor = index;
  const limit = Math.min(tagged.values.length, index + LOOKAROUND);
  while (cursor < limit && isGlued(tagged, cursor) && CLOSING_MARKS.has(tagged.values[cursor] ?? '')) cursor += 1;
  return cursor;
}

/** The first word token at or after `index` (past an opening quotation mark), or -1. */
function firstWord(tagged: TaggedText, index: number, limit: number): number {
  for (let cursor = index; cursor < limit; cursor += 1) {
    if (tagged.types[cursor] === 'word') return cursor;
    if (tagged.types[cursor] !== 'punctuation' && tagged.types[cursor] !== 'tabCRLF') return -1;
  }
  return -1;
}

/** Would a capitalised word here start a new sentence? "I" after an ellipsis is a stammer ("I… I"). */
function startsNewSentence(tagged: TaggedText, index: number): boolean {
  const word = firstWord(tagged, index, Math.min(tagged.values.length, index + LOOKAROUND));
  if (word < 0) return false;
  const normal = tagged.normals[word] ?? '';
  return isCapitalized(tagged.values[word] ?? '') && normal !== 'i' && !/^i['\u2019]/.test(normal);
}

/** Moves a boundary off a quotation mark that wink put on the wrong side (“burned. ’|Tis”). */
function settleBoundary(tagged: TaggedText, start: number): number {
  // A closing mark glued to the previous word belongs to the sentence it closes.
  if (isGlued(tagged, start) && CLOSING_MARKS.has(tagged.values[start] ?? '')) return start + 1;
  // An opening mark after a space, glued to this word, opens this sentence.
  const before = start - 1;
  const openerOfThis = OPENING_MARKS.has(tagged.values[before] ?? '') && !isGlued(tagged, before);
  return isGlued(tagged, start) && openerOfThis ? before : start;
}

/** Does the sentence starting at `start` open with a named speaker tag ("Mara shouted")? */
function opensWithNamedTag(tagged: TaggedText, start: number): boolean {
  let cursor = start;
  while (cursor < tagged.values.length && cursor - start < 4 && isNameToken(tagged, cursor)) cursor += 1;
  return cursor > start && isSpeechVerb(tagged, cursor);
}

/** Does the sentence before `start` end with speech cut off by ? ! … or a dash and a closing mark? */
function endsWithBrokenSpeech(tagged: TaggedText, start: number): boolean {
  let cursor = start - 1;
  while (cursor >= 0 && start - cursor <= LOOKAROUND && tagged.types[cursor] === 'tabCRLF') cursor -= 1;
  const closerAt = cursor;
  while (cursor >= 0 && closerAt - cursor < LOOKAROUND && CLOSING_MARKS.has(tagged.values[cursor] ?? '')) cursor -= 1;
  if (cursor === closerAt) return false;
  const value = tagged.values[cursor] ?? '';
  return SPEECH_BREAKS.has(value) || isEllipsis(value);
}

/**
 * Sentence starts (token indices) for one paragraph of fiction. wink-nlp handles abbreviations
 * (Mr., Dr., St.) and quoted stops; these corrections add what fiction needs on top: an ellipsis
 * before a capital ends a sentence, a lower-case word or a named speaker tag after `?”`/`!”`
 * continues it, and an abbreviation-like word closing a quote (“No.”) ends it.
 */
export function fictionSentenceStarts(tagged: TaggedText): number[] {
  const count = tagged.values.length;
  const starts = new Set<number>();
  for (const [first] of tagged.sentenceSpans) {
    const settled = settleBoundary(tagged, first);
    if (settled > 0 && settled < count) starts.add(settled);
  }
  for (let index = 0; index < count; index += 1) {
    const ellipsis = ellipsisEnd(tagged, index);
    const abbreviationInQuote = tagged.abbreviations[index] === true && CLOSING_MARKS.has(tagged.values[index + 1] ?? '') && isGlued(tagged, index + 1);
    if (ellipsis < 0 && !abbreviationInQuote) continue;
    const next = skipAttachedClosers(tagged, (ellipsis < 0 ? index : ellipsis) + 1);
    if (next < count && startsNewSentence(tagged, next)) starts.add(next);
    if (ellipsis >= 0) index = ellipsis;
  }
  const kept = [...starts].sort((left, right) => left - right).filter((start, position, all) => {
    const word = firstWord(tagged, start, all[position + 1] ?? count);
    if (word >= 0 && isLowerCase(tagged.values[word] ?? '')) return false;
    return !(endsWithBrokenSpeech(tagged, start) && opensWithNamedTag(tagged, start));
  });
  return count === 0 ? [] : [0, ...kept];
}
