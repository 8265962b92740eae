import { describe, expect, it } from 'vitest';
import { cardTraitValues, traitPhrases } from './trait-phrases.js';

describe('handedness in prose', () => {
  it('reads the hand of a writing done "with" it, even when the hand comes later in the sentence', () => {
    const found = traitPhrases('She was writing up the ledger, and she did it with her left hand, slowly.').filter((phrase) => phrase.attribute === 'handedness');
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((phrase) => `${phrase.values.join()} ${phrase.pronoun}`))).toEqual(new Set(['left her']));
    const late = traitPhrases('He was signing the register for the two men who had come in off the road, and he did it with his right hand.');
    expect(late.filter((phrase) => phrase.attribute === 'handedness').map((phrase) => phrase.values)).toEqual([['right']]);
    expect(traitPhrases('He writes with his right, always has.').find((phrase) => phrase.attribute === 'handedness')?.values).toEqual(['right']);
  });

  it('ignores a hand that does something other than write', () => {
    expect(traitPhrases('He opened the gate and did it with his left hand.').filter((phrase) => phrase.attribute === 'handedness')).toEqual([]);
  });
});

describe('eye colour on a card', () => {
  it('reads a colour followed by punctuation and a simile', () => {
    expect(cardTraitValues('eyes', 'grey, pale as dishwater')).toEqual(['grey']);
    expect(cardTraitValues('eyes', 'blue (faded)')).toEqual(['blue']);
  });
});
