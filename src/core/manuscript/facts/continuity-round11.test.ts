/**
 * Round eleven of the continuity rules, each on a small manuscript written for it: the finding a
 * writer needs, and the look-alikes that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { chapterText as chapter, continuityLines as linesOf } from '../../testing/continuity-kit.js';

describe('1. a card that dates a death after a line that does not', () => {
  const book = (other: string, act: string) => ({
    'Compendium/Characters/Eamon Roche.md': ['# Eamon Roche', '', '- Age: Died aged 62', '- Eyes: Grey', `- Other: ${other}`].join('\n'),
    'Story/01 The Yard.md': chapter('The Yard', 'It is Monday the eighth of March 1999, and the yard is wet.'),
    'Story/02 The Sale.md': chapter('The Sale', 'It is Friday the twelfth of March 1999.', act),
  });

  it('places the death by the line that gives its day', async () => {
    const died = 'Died Tuesday 3rd November 1998 at the quarry gate, of a stroke';
    expect(await linesOf(book(died, 'At the gate Eamon lifts the bar and lets the lorry through.'), 'dead_character_acts')).toEqual([5]);
    // Remembered, he does nothing on the page.
    expect(await linesOf(book(died, 'Eamon had always lifted the bar for the lorries himself.'), 'dead_character_acts')).toEqual([]);
  });

  it('leaves a death the story itself may hold when no line dates it', async () => {
    expect(await linesOf(book('Kept the books for the quarry', 'At the gate Eamon lifts the bar and lets the lorry through.'), 'dead_character_acts')).toEqual([]);
  });
});

describe('2. a chapter dated in its own words against the outline', () => {
  const book = (opening: string) => ({
    'Story/Outline.md': ['# Outline', '', '| Ch | Day | What happens |', '| --- | --- | --- |', '| 1 | Monday 5th April 1999 | The letter. |', '| 2 | Thursday 15th April 1999 | The mart. |'].join('\n'),
    'Story/01 The Letter.md': chapter('The Letter', 'It is Monday the fifth of April, and the post is late.'),
    'Story/02 The Mart.md': chapter('The Mart', opening),
  });

  it('reports "It is Thursday the twenty-second" where the outline says Thursday the fifteenth', async () => {
    expect(await linesOf(book('It is Thursday the twenty-second of April, and the yard smells of diesel.'), 'date_mismatch')).toEqual([3]);
    expect(await linesOf(book('It is Thursday the fifteenth of April, and the yard smells of diesel.'), 'date_mismatch')).toEqual([]);
  });

  it('leaves another day the chapter names rightly', async () => {
    const line = 'The yard smells of diesel. Con turned eighteen on Thursday, the twenty-second of April.';
    expect(await linesOf(book(line), /date_mismatch|weekday_mismatch/)).toEqual([]);
  });
});

describe('3. a chapter that opens so long after an event', () => {
  const book = (opening: string) => ({
    'Story/Outline.md': ['# Outline', '', '1. Chapter 1 (Monday 8 March 1999): the bank letter comes.', '2. Chapter 2 (Friday 12 March 1999): Maura at the bank.'].join('\n'),
    'Story/01 Post.md': chapter('Post', 'It is Monday, and the post is late.'),
    'Story/02 Bank.md': chapter('Bank', opening, 'Three days after the letter she had written back, but that was another matter.'),
  });

  it('counts the opening span exactly, from the outline entry that tells the event', async () => {
    expect(await linesOf(book('Three days after the letter, Maura sits in the bank with her bag on her knees.'), 'elapsed_time_mismatch')).toEqual([3]);
    expect(await linesOf(book('Four days after the letter, Maura sits in the bank with her bag on her knees.'), 'elapsed_time_mismatch')).toEqual([]);
  });

  it('leaves the same words further into a chapter, and a span only felt', async () => {
    expect(await linesOf(book('Maura sits in the bank with her bag on her knees.'), 'elapsed_time_mismatch')).toEqual([]);
  });
});

describe('4. a gender learned from the prose where the card states none', () => {
  // The cards come from a table: no pronouns, no title.
  const cards = {
    'Compendium/Characters/Nora Quirke.md': '# Nora Quirke\n\n- Age: 46\n- Eyes: Grey',
    'Compendium/Characters/Colm Devane.md': '# Colm Devane\n\n- Age: 38\n- Eyes: Blue',
  };
  const book = (line: string) => ({
    ...cards,
    'Story/01 Yard.md': chapter(
      'Yard',
      'On the morning of the sale Nora gets up at five and does her hair.',
      'After the dishes, Nora walks down to the field on her own.',
      'Colm Devane looks at her across the desk, and the rain comes on.',
      'Colm takes the pen in his right hand and signs.',
      'Colm folds the letter into his pocket.',
      line,
    ),
  });

  it('ties "her eyes" to the woman the prose makes her, not to the man beside her', async () => {
    expect(await linesOf(book('Colm came in behind Nora. Her blue eyes were on the rain.'), 'eye_colour_mismatch')).toEqual([13]);
    // "looks at her" is an object: it makes no one a woman.
    expect(await linesOf(book('Nora came in behind Colm. His green eyes were on the rain.'), 'eye_colour_mismatch')).toEqual([13]);
  });
});

describe('5. a hand used because the other is hurt', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Tibby Hollis.md': '# Tibby Hollis\n\nShe is ten. Left-handed.',
    'Story/01 Slate.md': chapter('Slate', line),
  });

  it('leaves a right hand the blistered left forces, and reports one used plainly', async () => {
    expect(await linesOf(book('Tibby could not hold the pencil in her left hand for the blister, so she wrote with her right, slowly.'), 'handedness_mismatch')).toEqual([]);
    expect(await linesOf(book('Tibby took the pencil and wrote with her right hand, slowly.'), 'handedness_mismatch')).toEqual([3]);
  });
});

describe('6. "the brown of her eyes": the hue first, its owner after it', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Isobel Rennie.md': '# Isobel Rennie\n\nShe is nineteen. She keeps the tally.\n\n- Eyes: grey, her mother’s',
    'Compendium/Characters/Davie Kerr.md': '# Davie Kerr\n\nHe is twenty-four. He sings.\n\n- Eyes: brown',
    'Story/01 Walk.md': chapter('Walk', line),
  });

  it('reads the hue for the pronoun or the name after it', async () => {
    expect(await linesOf(book('Davie looked at Isobel. There was something in the brown of her eyes that made him forget.'), 'eye_colour_mismatch')).toEqual([3]);
    expect(await linesOf(book('Davie saw the brown of Isobel’s eyes in the lamplight.'), 'eye_colour_mismatch')).toEqual([3]);
    // His own eyes, or another thing's hue, are no slip.
    expect(await linesOf(book('Isobel looked at Davie. There was something in the brown of his eyes that made her stay.'), 'eye_colour_mismatch')).toEqual([]);
    expect(await linesOf(book('Isobel painted the brown of the shutters again.'), 'eye_colour_mismatch')).toEqual([]);
  });
});

describe('7. a bad leg dragged, and ages said by a birthday gone by', () => {
  const card = '# Tam Lindsay\n\nHe is the foreman. He keeps the gate.\n\n- Born: 12 September 1828\n- Limp: right leg, since his horse fell in 1871';
  const book = (line: string) => ({
    'Compendium/Characters/Tam Lindsay.md': card,
    'Story/01 Walk.md': chapter('Walk', 'It was Monday, 17 April 1893.', line),
  });

  it('reads the leg dragged with "the", and the leg before its dragging', async () => {
    expect(await linesOf(book('Tam went up the Walk, dragging the left leg as he had for twenty years.'), 'fixed_trait_mismatch')).toEqual([5]);
    expect(await linesOf(book('Tam went up the stair, his left leg dragging the way it always did.'), 'fixed_trait_mismatch')).toEqual([5]);
    expect(await linesOf(book('Tam went up the Walk, dragging the right leg as he had for twenty years.'), 'fixed_trait_mismatch')).toEqual([]);
    expect(await linesOf(book('Tam went up the Walk, dragging the left sack behind him.'), 'fixed_trait_mismatch')).toEqual([]);
  });

  it('reads "had turned seventy the autumn before" and "at Candlemas" as the age now', async () => {
    expect(await linesOf(book('Tam had turned seventy the autumn before, and the cold got into him.'), 'age_mismatch')).toEqual([5]);
    expect(await linesOf(book('Tam had turned sixty-four the autumn before, and the cold got into him.'), 'age_mismatch')).toEqual([]);
    expect(await linesOf(book('Tam had turned seventy at Candlemas, and said he meant to see eighty.'), 'age_mismatch')).toEqual([5]);
    // An age before something else is then, not now.
    expect(await linesOf(book('Tam was twelve the year before the war, and small for it.'), 'age_mismatch')).toEqual([]);
  });
});

describe('8. another\'s death told in a relative clause on a card', () => {
  const book = (card: string) => ({
    'Compendium/Characters/Megan Hughes.md': `# Megan Hughes\n\n${card}`,
    'Story/01 Chapel.md': chapter('Chapel', 'It was Sunday, 3 April 1955.', 'Megan Hughes was standing at the back of the chapel.'),
  });

  it('gives the death to the one before "who", not to the card', async () => {
    expect(await linesOf(book('Megan Hughes was born on 16 April 1938, the only child of Ann and a Caernarfon boy, Robert Hughes, who was killed in Italy in 1944.'), 'dead_character_acts')).toEqual([]);
    expect(await linesOf(book('Megan Hughes, who was killed in the quarry fall of 1950, is remembered on the chapel wall.'), 'dead_character_acts')).toEqual([5]);
  });
});

describe('9. a nickname for some people and not others', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Theodora Vance.md': '# Theodora Vance\n\n- Eyes: dark brown\n- Age: 50',
    'Story/01 Plane.md': chapter('Plane', `It is Vance, the station leader: Theodora on every form she has ever signed, and Bear to anyone who has wintered with her.`, line),
  });

  it('learns "Bear" for the card named before it', async () => {
    expect(await linesOf(book('Bear turned, and the pale blue eyes of the station leader went over them all.'), 'eye_colour_mismatch')).toEqual([]);
    expect(await linesOf(book('Bear had blue eyes, pale as the ice.'), 'eye_colour_mismatch')).toEqual([5]);
  });
});
