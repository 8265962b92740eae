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

describe('the side of a fixed mark', () => {
  const marks = (text: string) => traitPhrases(text).filter((phrase) => phrase.attribute.startsWith('mark:')).map((phrase) => `${phrase.attribute}=${phrase.values.join()}/${phrase.pronoun}`);

  it('reads the side however the sentence orders it', () => {
    expect(marks('The scar that ran down his right cheek pulled the smile crooked.')).toEqual(['mark:scar:cheek=right/his']);
    expect(marks('She had a birthmark on the left side of her neck.')).toEqual(['mark:birthmark:neck=left/her']);
    expect(marks('He rubbed his left wrist, where the tattoo was.')).toEqual(['mark:tattoo:wrist=left/his']);
    expect(marks('Her right forearm bore a small burn scar.')).toEqual(['mark:burn:forearm=right/her']);
    expect(marks('He turned his scarred left cheek to the window.')).toEqual(['mark:scar:cheek=left/his']);
  });

  it('reads no side where none is given, and keeps marks of different places apart', () => {
    expect(marks('A scar ran across his cheek.')).toEqual([]);
    expect(marks('He had a scar on his left knee and a tattoo on his right arm.')).toEqual(['mark:scar:knee=left/his', 'mark:tattoo:arm=right/his']);
  });
});
