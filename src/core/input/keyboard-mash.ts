import { bigramSurprise } from './english-bigrams.js';
import { walksOneRow } from './keyboard-layouts.js';

const VOWELS = /[aeiouy]/;
/** A pair this surprising (p < 1/512) is one English words hardly ever write. */
const RARE_PAIR = 9;

/** Measures of one lower-case a–z token that tell typed words from hands run over keys. */
export interface MashSignals {
  length: number;
  /** Letter pairs (word edges included) that English words hardly ever contain, and all pairs counted. */
  rarePairs: number;
  pairs: number;
  vowels: number;
  sameLetter: boolean;
  rowWalk: boolean;
  /** A short unit typed again and again ("asdasd", "jkjk") whose unit is itself mash-like. */
  repeatedUnit: boolean;
}

function repeatedMashUnit(token: string): boolean {
  for (let size = 2; size <= 4 && size * 2 <= token.length; size += 1) {
    const unit = token.slice(0, size);
    if (unit.repeat(Math.ceil(token.length / size)).slice(0, token.length) !== token) continue;
    if (!VOWELS.test(unit) || walksOneRow(unit)) return true;
  }
  return false;
}

/** The signals of a lower-case a–z token. */
export function mashSignals(token: string): MashSignals {
  const framed = `^${token}$`;
  let rare = 0;
  for (let index = 1; index < framed.length; index += 1) if (bigramSurprise(framed[index - 1]!, framed[index]!) >= RARE_PAIR) rare += 1;
  return {
    length: token.length,
    rarePairs: rare,
    pairs: framed.length - 1,
    vowels: [...token].filter((letter) => VOWELS.test(letter)).length,
    sameLetter: token.length > 1 && new Set(token).size === 1,
    rowWalk: walksOneRow(token),
    repeatedUnit: repeatedMashUnit(token),
  };
}

/**
 * True when a lower-case a–z token reads as keyboard mash rather than a word: one key held down
 * ("aaaa"), a walk along a row ("asdf", "poiu"), a mash-like unit typed again ("jkjk", "asdasd"),
 * a quarter of its letter pairs ones English never writes ("sdkfjh", "fjdksl"), or five letters
 * and more without a vowel. Words of three letters or fewer are never judged: too short to tell.
 */
export function isMashToken(token: string): boolean {
  if (token.length < 4) return false;
  const signals = mashSignals(token);
  if (signals.sameLetter || signals.rowWalk || signals.repeatedUnit) return true;
  if (signals.rarePairs >= 2 || (signals.rarePairs >= 1 && signals.rarePairs / signals.pairs >= 0.25)) return true;
  return token.length >= 5 && signals.vowels === 0;
}
