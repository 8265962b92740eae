/**
 * Wrong nonces, from wild guesses to one character off: what a model fooled by a hostile file, or a
 * model that half-remembers the prompt, would send. None of them is the turn's nonce.
 */
import { TOOL_NONCE_PLACEHOLDER } from '../../../src/protocol/index.js';
import { SeededRandom } from './text-mutator.js';

const HEX = '0123456789abcdef';
const CYRILLIC_LOOKALIKES: Readonly<Record<string, string>> = { a: '\u0430', c: '\u0441', e: '\u0435', o: '\u043e', p: '\u0440', x: '\u0445' };
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u202e', '\u2066', '\u0000', '\u00ad'];
const WHITESPACE = [' ', '\n', '\t', '\r', '\u00a0', '\u3000'];

const hex = (random: SeededRandom, length: number): string => {
  let text = '';
  for (let index = 0; index < length; index += 1) text += HEX[random.int(16)];
  return text;
};

const otherCharacter = (random: SeededRandom, not: string): string => {
  const pool = `${HEX}-nN_`;
  let found = random.pick([...pool]);
  while (found === not) found = random.pick([...pool]);
  return found;
};

/** Nonces a model could guess without reading this turn's prompt. */
export function guessedNonce(random: SeededRandom, nonce: string): string {
  const guess = guessed(random, nonce);
  return guess === nonce ? `${nonce}0` : guess;
}

function guessed(random: SeededRandom, nonce: string): string {
  switch (random.int(8)) {
    case 0: return TOOL_NONCE_PLACEHOLDER;
    case 1: return random.pick(['TOOL_NONCE', '<nonce>', '{{nonce}}', '${nonce}', 'nonce', 'null', 'undefined', '*', '.*', '%s', 'n-', '0']);
    case 2: return nonce.replace(/[0-9a-f]{8}/, hex(random, 8));
    case 3: return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-a${hex(random, 3)}-${hex(random, 12)}`;
    case 4: return hex(random, nonce.length);
    case 5: return `TOOL_NONCE: ${nonce}`;
    case 6: return '';
    default: return nonce.replace(/[0-9a-f]/g, (digit) => (random.chance(0.1) ? otherCharacter(random, digit) : digit));
  }
}

/** The nonce with one small change: a character changed, dropped, added or disguised. */
export function nearMissNonce(random: SeededRandom, nonce: string): string {
  const changed = nearMiss(random, nonce);
  return changed === nonce ? `${nonce}\u200b` : changed;
}

function nearMiss(random: SeededRandom, nonce: string): string {
  const at = random.int(nonce.length);
  const before = nonce.slice(0, at);
  const after = nonce.slice(at + 1);
  const character = nonce[at]!;
  switch (random.int(12)) {
    case 0: return before + otherCharacter(random, character) + after;
    case 1: return before + after;
    case 2: return before + otherCharacter(random, '') + character + after;
    case 3: return before + (after[0] ?? '') + character + after.slice(1);
    case 4: return random.chance(0.5) ? nonce.toUpperCase() : nonce.replace(/^n/, 'N');
    case 5: return random.chance(0.5) ? random.pick(WHITESPACE) + nonce : nonce + random.pick(WHITESPACE);
    case 6: return before + random.pick(INVISIBLE) + character + after;
    case 7: return [...nonce].map((letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0)).join('');
    case 8: return nonce.replace(/[acepox]/, (letter) => CYRILLIC_LOOKALIKES[letter] ?? letter);
    case 9: return nonce.slice(0, Math.max(1, at));
    case 10: return nonce + nonce.slice(0, 1 + random.int(nonce.length));
    default: return `${nonce.slice(0, at)}\u0301${nonce.slice(at)}`;
  }
}

/** The nonce in the wrong type or place: a number, a list, an object holding it. */
export function wrongTypeNonce(random: SeededRandom, nonce: string): unknown {
  return random.pick<unknown>([null, 0, 1, -1, true, false, [nonce], [nonce, nonce], { value: nonce }, { nonce }, [...nonce], {}, []]);
}
