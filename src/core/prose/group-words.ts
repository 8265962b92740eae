import { isGlued, type TaggedText } from './nlp-engine.js';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Marks that join two word pieces written without spaces: grey-green, rock’n’roll.
const BRIDGES = new Set(['-', '\u2010', '\u2019', "'"]);

/**
 * Token indices of each word of a paragraph. wink splits "don’t" into do + n’t and "keeper’s" into
 * keeper + ’s; a word here is a run of glued tokens with letters or digits, joined by at most one
 * hyphen or apostrophe between pieces, so those count once while "up—then" counts twice.
 */
export function groupWords(tagged: TaggedText): number[][] {
  const groups: number[][] = [];
  let current: number[] | null = null;
  let bridge = -1;
  tagged.values.forEach((value, index) => {
    const wordish = tagged.types[index] !== 'tabCRLF' && LETTER_OR_DIGIT.test(value);
    const glued = isGlued(tagged, index);
    if (wordish && current !== null && glued && (bridge < 0 || bridge === index - 1)) {
      if (bridge >= 0) current.push(bridge);
      current.push(index);
    } else if (wordish) {
      current = [index];
      groups.push(current);
    } else if (current !== null && glued && bridge < 0 && BRIDGES.has(value) && current.at(-1) === index - 1) {
      bridge = index; // kept only if a glued word piece follows
      return;
    } else {
      current = null;
    }
    bridge = -1;
  });
  return groups;
}
