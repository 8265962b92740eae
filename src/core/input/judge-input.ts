import type { UnclearInputCode } from '../../protocol/input.js';
import { isMashToken, mashSignals } from './keyboard-mash.js';

/** The filter's verdict: go ahead, or a clarification to send back instead of calling a model. */
export type InputVerdict = { ok: true } | { ok: false; code: UnclearInputCode; message: string; clarification: string };

/** Spaces of every kind, line breaks, and characters that print nothing (zero-width, joiners, BOM, controls). */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WORD = /\p{L}+/gu;
const LATIN = /^[a-z]+$/i;
const VOWEL = /[aeiouy]/i;

const EXAMPLE = 'For example: “Where does Hester first appear?” or “Check the harbour scene against the canon.”';

function unclear(code: UnclearInputCode, message: string, clarification: string): InputVerdict {
  return { ok: false, code, message, clarification: `${clarification} ${EXAMPLE}` };
}

/** A short, safe echo of what was typed. */
function echo(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length > 40 ? `${trimmed.slice(0, 39)}…` : trimmed;
}

/**
 * Capitalised words may be names, and names from any language break English letter patterns
 * ("Przybylski"): for them only the unmistakable signs count, or a word full of rare pairs.
 */
function isMashWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (!isMashToken(lower)) return false;
  const capitalised = word.length > 1 && word[0] !== lower[0] && word.slice(1) === lower.slice(1);
  if (!capitalised) return true;
  const signals = mashSignals(lower);
  return signals.sameLetter || signals.rowWalk || signals.repeatedUnit || (signals.rarePairs >= 3 && signals.rarePairs / signals.pairs >= 0.3);
}

/**
 * True when the letters read as keyboard mash: every Latin word of four letters or more is mash,
 * at least one is, and every shorter word lacks a vowel ("jkl"). Any word in another script, any
 * real word, or a message too short to judge lets the message through: the filter only catches
 * what cannot be a request, and a model sorts out the rest.
 */
function isKeyboardMash(text: string): boolean {
  // Accents come off so "café" is judged as "cafe".
  const words = text.normalize('NFD').replace(/\p{M}/gu, '').match(WORD) ?? [];
  let mash = 0;
  for (const word of words) {
    if (!LATIN.test(word)) return false;
    if (word.length < 4) {
      if (VOWEL.test(word) || word !== word.toLowerCase()) return false;
      continue;
    }
    if (!isMashWord(word)) return false;
    mash += 1;
  }
  return mash > 0;
}

/**
 * The incoherent-input filter (thinking-router plan §9), run before any model call: an empty
 * message, one of only whitespace or invisible characters, one of only symbols, or one whose words
 * are all keyboard mash gets a clarification question back. Never throws.
 */
export function judgeInput(text: string): InputVerdict {
  if (text.length === 0) return unclear('input_empty', 'The message is empty.', 'Your message came through empty. What would you like to know about the manuscript?');
  const visible = text.normalize('NFKC').replace(INVISIBLE, '');
  if (visible === '') {
    return unclear('input_whitespace', 'The message has only whitespace or invisible characters.', 'Your message came through blank. What would you like to know about the manuscript?');
  }
  if (!LETTER_OR_DIGIT.test(visible)) {
    return unclear('input_symbols_only', 'The message has only symbols, no words.', `I only got symbols (“${echo(text)}”) and no words. What would you like me to look at?`);
  }
  if (isKeyboardMash(text)) {
    return unclear('input_keyboard_mash', 'The message reads as keys struck at random.', `“${echo(text)}” looks like stray keys rather than a question. What would you like to ask?`);
  }
  return { ok: true };
}
