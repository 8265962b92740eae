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

describe('a colour written after its noun', () => {
  const colours = (text: string, options: { card?: boolean } = {}) => traitPhrases(text, 0, text.length, options).filter((phrase) => phrase.attribute === 'eyes' || phrase.attribute === 'hair').map((phrase) => `${phrase.attribute}=${phrase.values.join('/')}`);

  it('reads a hue likened, a hue "of" something, and "the colour of" a thing', () => {
    expect(colours('She met his eyes, blue as a winter lake, and looked away.')).toEqual(['eyes=blue']);
    expect(colours('Her eyes the brown of peat water watched the door.')).toEqual(['eyes=brown']);
    expect(colours('His hair, now the colour of cigarette ash, stood up at the crown.')).toEqual([]);
    expect(colours('His hair, now the colour of ash, stood up at the crown.')).toEqual(['hair=grey']);
    expect(colours('Her hair was the colour of rust in the lamplight.')).toEqual(['hair=red']);
    expect(colours('His eyes were green as glass.')).toEqual(['eyes=green']);
    expect(colours('Her hair the colour of wheat fell to her shoulders.')).toEqual(['hair=blond']);
    expect(colours('His eyes, the shade of wet moss, never blinked.')).toEqual(['eyes=green']);
  });

  it('ignores likenesses that name no colour and eyes compared to something else', () => {
    expect(colours('His eyes, sharp as a hawk, missed nothing.')).toEqual([]);
    expect(colours('Her eyes the colour of nothing at all.')).toEqual([]);
    expect(colours('He had ash in his hair from the grate.')).toEqual([]);
  });

  it('takes a change over time on a card as the current colour, but not in the story', () => {
    expect(colours('His hair turned silver in his thirties.', { card: true })).toEqual(['hair=grey']);
    expect(colours('Her hair had gone completely white by the war.', { card: true })).toEqual(['hair=grey']);
    expect(colours('Her hair went white overnight after the fire.')).toEqual([]);
    expect(colours('She has brown eyes, just like her father.', { card: true })).toEqual(['eyes=brown']);
  });
});

describe('the hand a finger is missing from', () => {
  const missing = (text: string) => traitPhrases(text).filter((phrase) => phrase.attribute.startsWith('mark:missing')).map((phrase) => `${phrase.attribute}=${phrase.values.join()}/${phrase.pronoun}`);

  it('reads the side however the finger and the hand are ordered', () => {
    expect(missing('He lost the first joint of the middle finger on his right hand in the mill.')).toEqual(['mark:missing:finger=right/his']);
    expect(missing('mark on the index and middle fingers of the left hand missing since the war.')).toEqual(['mark:missing:finger=left/null']);
    expect(missing('She raised her right hand, the stump of the forefinger pale in the light.')).toEqual(['mark:missing:finger=right/her']);
    expect(missing('He waved his left hand, with its three missing fingers, at the crowd.')).toEqual(['mark:missing:finger=left/his']);
    expect(missing('She flexed her left hand, the little finger gone at the knuckle.')).toEqual(['mark:missing:finger=left/her']);
  });

  it('reads the side given on the finger itself, or a forefinger lost from a hand', () => {
    expect(missing('mark on the top joint of the left little finger missing')).toEqual(['mark:missing:finger=left/null']);
    expect(missing('He tapped the map with the stump of his right forefinger.')).toEqual(['mark:missing:finger=right/his']);
    expect(missing('Her left thumb was gone at the knuckle, a winch accident.')).toEqual(['mark:missing:thumb=left/her']);
    expect(missing('Lost the forefinger of her right hand to frostbite.')).toEqual(['mark:missing:finger=right/her']);
  });

  it('ignores a finger named with its side that is not missing, or the stub of something else', () => {
    expect(missing('She pointed with her left forefinger at the gone-by boats.')).toEqual([]);
    expect(missing('He wore the ring on his right ring finger, missing her already.')).toEqual([]);
    expect(missing('He held the stub of his pencil in his right hand.')).toEqual([]);
  });

  it('ignores a hand with something else missing from it', () => {
    expect(missing('She raised her left hand, the ring missing from her finger.')).toEqual([]);
    expect(missing('He held up his right hand, the stub of a pencil between two fingers.')).toEqual([]);
    expect(missing('Her left hand was missing its glove.')).toEqual([]);
  });
});

describe('the colour a card answer gives now', () => {
  it('takes the first colour, not one the answer puts in the past', () => {
    expect(cardTraitValues('hair', 'Silver. It was chestnut until the war.')).toEqual(['grey']);
    expect(cardTraitValues('hair', 'Grey now; was fair as a boy.')).toEqual(['grey']);
    expect(cardTraitValues('hair', 'Once black, now white.')).toEqual(['grey']);
    expect(cardTraitValues('eyes', 'Green, like bottle glass. Her father had blue ones.')).toEqual(['green']);
    expect(cardTraitValues('hair', 'Auburn. Long, in a plait most days.')).toEqual(['red']);
  });

  it('keeps a colour put on beside the natural one', () => {
    expect(cardTraitValues('hair', 'Mousy by nature. Platinum out of a bottle since her divorce.')).toEqual(['brown', 'blond']);
    expect(cardTraitValues('hair', 'dark brown (dyed black since the spring)')).toEqual(['brown', 'black']);
    expect(cardTraitValues('eyes', 'Brown; wears green contacts on stage.')).toEqual(['brown', 'green']);
  });

  it('gives nothing for an answer that names no colour', () => {
    expect(cardTraitValues('eyes', 'Something people remember.')).toEqual([]);
    expect(cardTraitValues('hair', 'Bald since forty.')).toEqual([]);
  });
});

describe('colours in the sentences of a card', () => {
  const colours = (text: string) => traitPhrases(text, 0, text.length, { card: true }).filter((phrase) => phrase.attribute === 'eyes' || phrase.attribute === 'hair').map((phrase) => `${phrase.attribute}=${phrase.values.join('/')}`);

  it('reads streaked or greying hair as the colour it is now', () => {
    expect(colours('Cook. Blue eyes, silver-streaked hair pinned up (red as a girl, see the photograph).')).toEqual(['eyes=blue', 'hair=grey']);
    expect(colours('Dark hair going grey at the temples.')).toEqual(['hair=brown/black/grey']);
  });

  it('adds a colour put on, but leaves the card quiet about a wig', () => {
    expect(colours('Mousy brown hair (bleaches it blonde for the summer season).')).toEqual(['hair=brown/blond']);
    expect(colours('Wears a red wig over her grey hair.')).toEqual([]);
  });

  it('reads nothing from a colour of clothes', () => {
    expect(colours('Always in a black coat and a grey felt hat.')).toEqual([]);
  });
});

describe('a colour in the prose that dirt or a likeness lies beside', () => {
  const colours = (text: string) => traitPhrases(text).filter((phrase) => phrase.attribute === 'eyes' || phrase.attribute === 'hair').map((phrase) => `${phrase.attribute}=${phrase.values.join('/')}`);

  it('reads the colour before "hair" when dust or flour whitens it after', () => {
    expect(colours('The wind smelled of dust and pulled her auburn hair loose from its pins.')).toEqual(['hair=red']);
    expect(colours('He came up from the mill, his brown hair gone white with flour.')).toEqual(['hair=brown']);
    expect(colours('Her hair was white with plaster dust.')).toEqual([]);
  });

  it('reads a colour named in apposition after the eyes', () => {
    expect(colours('She looked up, her eyes, that washed-out sky blue Marta always envied, quite steady.')).toEqual(['eyes=blue']);
    expect(colours('His eyes, a clear grey, gave nothing away.')).toEqual(['eyes=grey']);
    expect(colours('Her eyes, the grey coat on the hook, the rain: she took it all in.')).toEqual([]);
  });
});

describe('a lost finger or a bad leg, as notes write them', () => {
  const marks = (text: string) => traitPhrases(text, 0, text.length, { card: true }).filter((phrase) => phrase.attribute.startsWith('mark:')).map((phrase) => `${phrase.attribute}=${phrase.values.join()}`);

  it('reads the side of a finger tip lost, a hand named as a label, and a leg that stays stiff', () => {
    expect(marks('Missing the tip of her right index finger (bread slicer).')).toEqual(['mark:missing:finger=right']);
    expect(marks('Right hand: two fingers lost to frostbite on the Yukon.')).toEqual(['mark:missing:finger=right']);
    expect(marks('Left leg stiff since the pit fall; walks with a stick.')).toEqual(['mark:limp:leg=left']);
    expect(marks('Has a lame right leg.')).toEqual(['mark:limp:leg=right']);
  });

  it('reads nothing from a finger without a side, or a leg stiff for a day', () => {
    expect(marks('Missing the tip of one finger.')).toEqual([]);
    expect(marks('Her left leg was stiff from kneeling in the pew.')).toEqual([]);
  });
});

describe('a colour whose owner is named after it', () => {
  it('takes "of hers" or "of his" for the owner\'s pronoun, and nothing else after it', () => {
    const owners = (text: string) => traitPhrases(text).filter((phrase) => phrase.attribute === 'eyes').map((phrase) => [phrase.values.join(), phrase.pronoun]);
    expect(owners('Then she turned to me with those pale grey eyes of hers and waited.')).toEqual([['grey', 'her']]);
    expect(owners('He fixed the boy with those green eyes of his.')).toEqual([['green', 'his']]);
    expect(owners('She looked at the dog, those brown eyes of the old collie half shut.')).toEqual([['brown', null]]);
  });
});
