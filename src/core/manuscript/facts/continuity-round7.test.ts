/**
 * Round seven of the continuity rules, each on a small manuscript written for it: the finding a
 * writer needs, and the look-alikes that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { chapterText as chapter, continuityLines as linesOf } from '../../testing/continuity-kit.js';
import { agePhrases } from './age-phrases.js';
import { traitPhrases } from './trait-phrases.js';

const traits = (text: string, card = false) => traitPhrases(text, 0, text.length, { card }).map((phrase) => [phrase.attribute, phrase.values]);

describe('1. a pronoun goes on with the subject, not with a name inside its sentence', () => {
  const cast = {
    'Compendium/Characters/Ianto Rees.md': '# Ianto Rees\n\nHe keeps the sluice. Lost the little finger of his right hand at the quarry.',
    'Compendium/Characters/Emlyn Vaughan.md': '# Emlyn Vaughan\n\nThe old weir keeper. He taught the boys to swim.',
  };
  const book = (paragraphs: string[]) => ({ ...cast, 'Story/04 The Gate.md': chapter('The Gate', 'Ianto Rees went up to the weir with a crowbar.', ...paragraphs) });

  it('gives "his left little finger" to the one the "He" of the sentence before is', async () => {
    const told = ['He went down the steps in the dark, the way Emlyn Vaughan had taught him as a boy.', 'His hand slipped on the bar, and the blood ran over the stump of his left little finger.'];
    expect(await linesOf(book(told), 'fixed_trait_mismatch')).toEqual([7]);
  });

  it('still gives it to the name when the name is the subject, and reads no subject out of speech', async () => {
    const named = ['Emlyn Vaughan went down the steps in the dark.', 'His hand slipped on the bar, and the blood ran over the stump of his left little finger.'];
    expect(await linesOf(book(named), 'fixed_trait_mismatch')).toEqual([]);
    const spoken = ['“He told me first.” Emlyn Vaughan stops and picks up a stone.', 'His hand slipped on the bar, and the blood ran over the stump of his left little finger.'];
    expect(await linesOf(book(spoken), 'fixed_trait_mismatch')).toEqual([]);
  });
});

describe('2. a count of "all of them" after the noun it counts', () => {
  const notes = { 'Compendium/Places/Kirk Wynd.md': '# Kirk Wynd\n\nForty-two stone steps climb from the quay to the kirk door.' };
  const page = (line: string) => ({ ...notes, 'Story/03 The Wynd.md': chapter('The Wynd', `She went up the Kirk Wynd steps to the kirk, ${line}`) });

  it('reads "all thirty-nine of them" as a count of the steps', async () => {
    expect(await linesOf(page('all thirty-nine of them, and stopped at the top.'), 'canon_fact_contradiction')).toEqual([3]);
  });

  it('is quiet when the whole agrees, or when only some are counted', async () => {
    expect(await linesOf(page('all forty-two of them, and stopped at the top.'), 'canon_fact_contradiction')).toEqual([]);
    expect(await linesOf(page('and three of them were wet.'), 'canon_fact_contradiction')).toEqual([]);
  });
});

describe('3. the bad leg, however it is said', () => {
  it('reads a bad, dragged, stiff or wounded leg, and a good one as the other', () => {
    expect(traits('swinging his bad left leg out and round')).toEqual([['mark:limp:leg', ['left']]]);
    expect(traits('dragging his left leg behind him')).toEqual([['mark:limp:leg', ['left']]]);
    expect(traits('planting the stick and then his good left foot')).toEqual([['mark:limp:leg', ['right']]]);
    expect(traits('Shrapnel in the left knee, which will not bend.', true)).toEqual([['mark:limp:leg', ['left']]]);
    expect(traits('He rubbed his knee where the dog had bitten it.')).toEqual([]);
  });

  const book = (line: string) => ({
    'Compendium/Characters/Edwin Carne.md': '# Edwin Carne\n\nThe doctor. Lame in the left leg since the war.',
    'Story/05 Low Water.md': chapter('Low Water', `Edwin Carne came down to the rocks. ${line}`),
  });

  it('finds the other leg on the page, and "the stiff right leg" belongs to the he who brings it', async () => {
    expect(await linesOf(book('He went over the weed slowly, bringing the stiff right leg after him.'), 'fixed_trait_mismatch')).toEqual([3]);
    expect(await linesOf(book('He sat on the rock and rubbed his bad right knee.'), 'fixed_trait_mismatch')).toEqual([3]);
    expect(await linesOf(book('He went over the weed slowly, bringing the stiff left leg after him.'), 'fixed_trait_mismatch')).toEqual([]);
  });
});

describe('4. a hand and what it lacks, said apart', () => {
  it('reads the stumps set after the hand, the place a finger was, and a short finger', () => {
    expect(traits('He laid the ledger flat and rested his right hand on it, the two stumps showing pale.')).toEqual([['mark:missing:finger', ['right']]]);
    expect(traits('He lays his right hand on the table in front of him, the hand with the two fingers gone.')).toEqual([['mark:missing:finger', ['right']]]);
    expect(traits('he rubbed the stump where his left little finger had been')).toEqual([
      ['mark:missing:finger', ['left']],
      ['mark:left-hand finger:little', ['lost']],
    ]);
    expect(traits('the fingers of his left hand were drumming on the marble, all four of them')).toEqual([['mark:missing:finger', ['right']]]);
    // Something held is no stump of a finger.
    expect(traits('He put his right hand on the table, the stump of a pencil in it.')).toEqual([]);
  });

  it('reads a "Hands:" field for what the hand lacks, not as which hand is used', async () => {
    const card = '# Walter Roskilly\n\n- Hands: lost the third and fourth fingers of his LEFT hand to a hawser\n- Eyes: blue';
    const page = (line: string) => ({ 'Compendium/Characters/Walter Roskilly.md': card, 'Story/02 The Slip.md': chapter('The Slip', `Walter Roskilly worked the oars. ${line}`) });
    expect(await linesOf(page('He signed the book with his right hand.'), 'handedness_mismatch')).toEqual([]);
    expect(await linesOf(page('He turned the ring on the little finger of his left hand.'), 'fixed_trait_mismatch')).toEqual([3]);
  });
});

describe('5. ages said with their own moment', () => {
  it('keeps "had turned fifty-four in March" as the age now, and a past tense after it out of the reading', () => {
    expect(agePhrases('Tom, who had turned thirty-seven in the February snow, said nothing.').map((phrase) => [phrase.age, phrase.birthdayMonths])).toEqual([[37, [2]]]);
    expect(agePhrases('Sparrow only turned nineteen herself in March.').map((phrase) => [phrase.age, phrase.birthdayMonths])).toEqual([[19, [3]]]);
  });

  const card = { 'Compendium/Characters/Walter Penrose.md': '# Walter Penrose\n\n- Born: 3 March 1907\n\nThe ferryman.' };
  const page = (line: string) => ({ ...card, 'Story/02 The Anchor.md': chapter('The Anchor', 'It was Saturday, 11 May 1968, and the Anchor was full.', `Walter Penrose sat on the settle. ${line}`) });

  it('finds a birthday age the birth contradicts, though the sentence runs on in the past', async () => {
    expect(await linesOf(page('He had turned fifty-four in March, and he drank like a man who knew what the evening was worth.'), 'age_mismatch')).toEqual([5]);
    expect(await linesOf(page('He had turned sixty-one in March, and he drank like a man who knew what the evening was worth.'), 'age_mismatch')).toEqual([]);
  });

  it('checks an age beside a year its sentence names at that year', async () => {
    const photo = (age: string) => page(`On the wall, Walter Penrose, ${age}, on the quay in the summer of 1931, squinting at the camera.`);
    expect(await linesOf(photo('twenty-four'), 'age_mismatch')).toEqual([]);
    expect(await linesOf(photo('forty'), 'age_mismatch')).toEqual([5]);
  });
});

describe('6. hair on a card without a colon, and hair told by its look', () => {
  it('reads "Hair black, worn long", "his wet ginger fringe" and "honey-coloured hair"', () => {
    expect(traits('Hair black, worn long and pinned up.', true)).toEqual([['hair', ['black']]]);
    expect(traits('He pushes his wet ginger fringe back off his forehead.')).toEqual([['hair', ['red']]]);
    expect(traits('She pushed a strand of honey-coloured hair back.')).toEqual([['hair', ['blond']]]);
    expect(traits('She wore a rose-coloured dress to the feast.')).toEqual([]);
  });

  const book = (line: string) => ({
    'Compendium/Characters/Tamsin Hosking.md': '# Tamsin Hosking\n\nHair black, worn long and pinned up. She mends nets.',
    'Compendium/Characters/Loveday Hosking.md': '# Loveday Hosking\n\nHer twin. Hair copper, cut short.',
    'Story/07 The Ship.md': chapter('The Ship', line),
  });

  it('gives a strand of hair to the one the sentence names', async () => {
    expect(await linesOf(book('Tamsin Hosking pulled off her scarf and pushed a strand of honey-coloured hair back.'), 'hair_colour_mismatch')).toEqual([3]);
    expect(await linesOf(book('Tamsin Hosking pulled off her scarf and pushed a strand of black hair back.'), 'hair_colour_mismatch')).toEqual([]);
  });
});

describe('7. "the doctor" for the one card its text calls Dr', () => {
  const book = (line: string, other = '') => ({
    'Compendium/Characters/Edwin Trevena.md': '# Edwin Trevena\n\n- Eyes: grey\n\nDr Edwin Trevena. General practitioner to the cove since 1920.',
    'Compendium/Characters/Jenna Pascoe.md': `# Jenna Pascoe\n\n- Eyes: green\n\nShe keeps house for her grandfather. ${other}`,
    'Story/09 Feast.md': chapter('Feast', 'Jenna Pascoe came out of the chapel into the wind.', line),
  });

  it('ties a trait of "the doctor" to him', async () => {
    expect(await linesOf(book('The doctor turned his mild blue eyes on her.'), 'eye_colour_mismatch')).toEqual([5]);
    expect(await linesOf(book('The doctor turned his grey eyes on her.'), 'eye_colour_mismatch')).toEqual([]);
  });

  it('leaves "the doctor" open when two cards are doctors', async () => {
    expect(await linesOf(book('The doctor turned his mild blue eyes on her.', 'Dr Jenna Pascoe, the locum, since May.'), 'eye_colour_mismatch')).toEqual([]);
  });
});

describe('8. a death the card dates, placed by the chapters’ dates', () => {
  const card = '# Kit Jory\n\nCrewed on the Morning Star under his brother.\n\nDrowned on the night of Friday 16 October 1931 when the boat went onto the rocks.';
  const book = (third: string) => ({
    'Compendium/Characters/Kit Jory.md': card,
    'Story/01 The Boat.md': chapter('The Boat', 'It was Thursday, 15 October 1931. Kit Jory mended the nets on the slip.'),
    'Story/02 The Cove.md': chapter('The Cove', 'On Saturday, 17 October 1931, the cove was full of people looking at the sea.'),
    'Story/03 The Ship Inn.md': chapter('The Ship Inn', 'It was Monday, 19 October 1931, and the bar was quiet.', third),
  });

  it('finds the dead man acting in a chapter dated after the death', async () => {
    expect(await linesOf(book('By the fire, Kit Jory set his glass down hard and called for the bottle.'), 'dead_character_acts')).toEqual([5]);
  });

  it('is quiet when he is only remembered, and before the death', async () => {
    expect(await linesOf(book('Nobody sat in the corner where Kit Jory used to sit.'), 'dead_character_acts')).toEqual([]);
    expect(await linesOf(book('The bar was full.'), 'dead_character_acts', 'Story/01 The Boat.md')).toEqual([]);
  });
});

describe('9. weeks "to the day" since a death', () => {
  const card = { 'Compendium/Characters/Edna Salt.md': '# Edna Salt\n\nShe paints the banding on the saucers.' };
  const book = (weekday: string, line: string) => ({
    ...card,
    'Story/04 The Bench.md': chapter('The Bench', 'It is Tuesday the thirteenth of July 1976, and the heat is terrible.', 'Edna Salt died at her bench before the dinner whistle.'),
    'Story/09 Autumn.md': chapter('Autumn', `It is ${weekday}, the seventeenth of August 1976.`, line),
  });

  it('holds the count to the day', async () => {
    expect(await linesOf(book('Tuesday', 'It is five weeks to the day since we lost Edna Salt.'), 'elapsed_time_mismatch')).toEqual([]);
    expect(await linesOf(book('Tuesday', 'It is four weeks to the day since we lost Edna Salt.'), 'elapsed_time_mismatch')).toEqual([5]);
  });
});
