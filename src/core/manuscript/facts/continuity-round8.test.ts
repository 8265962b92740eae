/**
 * Round eight of the continuity rules, each on a small manuscript written for it: the finding a
 * writer needs, and the look-alikes that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { chapterText as chapter, continuityLines as linesOf } from '../../testing/continuity-kit.js';
import { statedBynames } from '../card-nicknames.js';
import { parseCharacterCard } from '../cards.js';
import { findQuantities } from '../quantities.js';
import { agePhrases } from './age-phrases.js';
import { parseDate } from './calendar.js';
import { traitPhrases } from './trait-phrases.js';

const card = (name: string, body: string) => parseCharacterCard({ path: `Compendium/Characters/${name}.md`, lines: `# ${name}\n\n${body}`.split('\n') });
const traits = (text: string) => traitPhrases(text).map((phrase) => [phrase.attribute, phrase.values]);

describe('1. a hand used because the other cannot be, and an age put in someone’s mouth', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Marijke Veen.md': '# Marijke Veen\n\n- Born: 2 May 1971\n\nThe site manager. Right-handed.',
    'Story/05 Timesheets.md': chapter('Timesheets', 'It was Monday, 16 October 2023.', `Marijke Veen called me in to sign. ${line}`),
  });

  it('is quiet on a strapped hand, and finds the plain one', async () => {
    expect(await linesOf(book('Her right wrist was strapped, so she had to hold the pen in her left hand.'), 'handedness_mismatch')).toEqual([]);
    expect(await linesOf(book('She held the pen in her left hand, as she always did.'), 'handedness_mismatch')).toEqual([5]);
  });

  it('is quiet on "tell them I’m fourteen"', async () => {
    expect(await linesOf(book('“Tell the foreman I’m twenty,” she said.'), 'age_mismatch')).toEqual([]);
    expect(await linesOf(book('“I’m twenty,” she said.'), 'age_mismatch')).toEqual([5]);
  });
});

describe('2. counts of what a thing holds, and a backstory timeline', () => {
  const notes = (extra = '') => ({
    'Compendium/Places/Ferry Point.md': `# Ferry Point\n\n- The ferry: the Marigold, clinker-built, licensed for twelve passengers.\n${extra}`,
  });
  const page = (line: string, extra = '') => ({ ...notes(extra), 'Story/04 Low Water.md': chapter('Low Water', `The Marigold crossed at seven. ${line}`) });

  it('sets a capacity only against a capacity', async () => {
    expect(await linesOf(page('It was the heaviest load she had carried, eleven passengers and a theodolite.'), 'canon_fact_contradiction')).toEqual([]);
    expect(await linesOf(page('The Marigold, licensed for twenty passengers, lay against the fenders.'), 'canon_fact_contradiction')).toEqual([3]);
  });

  it('reads no count from a line of a timeline that opens with its year', async () => {
    const timeline = { 'Compendium/Lore/Timeline.md': '# Timeline\n\n- 2002 — Show held without cattle. Christmas: a one-page letter to Danny.\n' };
    const files = { ...timeline, 'Story/09 The Letter.md': chapter('The Letter', 'It was four pages, and Danny read every word of the letter.') };
    expect(await linesOf(files, 'canon_fact_contradiction')).toEqual([]);
  });

  it('reads "down the six steps into the back court" as other steps', async () => {
    const close = { 'Compendium/Places/The Close.md': '# The Close\n\nSixty-three stone steps from the close mouth to the top landing.' };
    expect(await linesOf({ ...close, 'Story/03 Back Court.md': chapter('Back Court', 'We went out of the close and down the six steps into the back court.') }, 'canon_fact_contradiction')).toEqual([]);
    expect(await linesOf({ ...close, 'Story/03 Back Court.md': chapter('Back Court', 'I climbed the close to the top landing, all seventy-one steps of it.') }, 'canon_fact_contradiction')).toEqual([3]);
  });

  it('reads "the hundred and twenty rungs" as one hundred and twenty', () => {
    expect(findQuantities('I went up the hundred and twenty rungs').map((quantity) => [quantity.value, quantity.unit])).toEqual([[120, 'rungs']]);
  });
});

describe('3. the one a pronoun is about', () => {
  const cast = {
    'Compendium/Characters/Alasdair Gow.md': '# Alasdair Gow\n\n- Hair: sandy\n\nHe skippers the Rowan.',
  };
  it('leaves a pronoun to the unnamed person the sentence before opens with', async () => {
    const told = ['Alasdair Gow stood at the rail of the Rowan.', 'The harbourmaster is the starter, as he is every year. He stands at the end of the pier with his cap pushed back off his white hair.'];
    expect(await linesOf({ ...cast, 'Story/10 Regatta.md': chapter('Regatta', ...told) }, 'hair_colour_mismatch')).toEqual([]);
    const named = ['Alasdair Gow stood at the rail of the Rowan.', 'He pushed his cap back off his white hair.'];
    expect(await linesOf({ ...cast, 'Story/10 Regatta.md': chapter('Regatta', ...named) }, 'hair_colour_mismatch')).toEqual([5]);
  });

  it('gives "fourteen years old" to the name nearest before it', () => {
    const said = agePhrases('Ada can see Tommy at the end wheel, fourteen years old and all elbows.');
    expect(said.map((phrase) => [phrase.age, phrase.subjectAt])).toEqual([[14, 'Ada can see Tommy'.length]]);
  });
});

describe('4. hair coloured on purpose, and hair in a photograph shown before', () => {
  const book = (paragraphs: string[]) => ({
    'Compendium/Characters/Kathleen Keane.md': '# Kathleen Keane\n\n- Hair: iron-grey\n\nShe keeps the post office.',
    'Story/03 The Letter.md': chapter('The Letter', ...paragraphs),
  });

  it('is quiet on black "out of a bottle" and on henna the sentence before', async () => {
    expect(await linesOf(book(['Kathleen Keane’s hair was black as a rook this spring, and the black had come out of a bottle.']), 'hair_colour_mismatch')).toEqual([]);
    expect(await linesOf(book(['Kathleen Keane had put henna through her hair for the dance. For the whole of that week she was a redhead.']), 'hair_colour_mismatch')).toEqual([]);
    expect(await linesOf(book(['Kathleen Keane’s hair was black as a rook this spring.']), 'hair_colour_mismatch')).toEqual([3]);
  });

  it('is quiet on a photograph shown at the end of the paragraph before, of a year long gone', async () => {
    const photo = ['Beside the counter there is an easel, and on the easel a photograph.', 'It is Kathleen Keane in 1931, at twenty. Her hair is black and she is laughing.'];
    expect(await linesOf(book(photo), 'hair_colour_mismatch')).toEqual([]);
  });
});

describe('5. what a card calls its person', () => {
  it('reads "everyone else says the X", "Tamsin, called Tam,", a quoted byname alone, and "known … as “the Chairman”"', () => {
    expect(statedBynames(card('Duncan Baird', 'The skippers call him Baird; everyone else says the Harbourmaster.'))).toEqual(['Baird', 'the Harbourmaster', 'The Harbourmaster']);
    expect(statedBynames(card('Tamsin Whitlow', 'Tamsin, called Tam, is a tattoo artist in Leeds.'))).toEqual(['Tam']);
    expect(statedBynames(card('David Rusk', '"Davy". The older men call him "the Dodger" and won\'t say why.'))).toEqual(['Davy', 'the Dodger', 'The Dodger']);
    expect(statedBynames(card('Idris Bevan', 'Known to everyone, his sister included, as “the Chairman”.'))).toEqual(['the Chairman', 'The Chairman']);
  });

  it('reads traits written as lines without a colon, and dates written with slashes', () => {
    const fields = card('David Rusk', 'DAVID RUSK\nb. 23/11/1888\neyes brown\nhair white, what\'s left of it\nHair like a hayrick in a gale.').fields;
    expect([...fields].map(([key, field]) => [key, field.value])).toEqual([
      ['born', '23/11/1888'],
      ['eyes', 'brown'],
      ['hair', "white, what's left of it"],
    ]);
    expect(parseDate('23/11/1888')).toEqual({ year: 1888, month: 11, day: 23 });
    expect(parseDate('11/23/1888')).toEqual({ year: 1888, month: 11, day: 23 });
    // Both numbers twelve or less: only the year is certain.
    expect(parseDate('03/04/1888')).toEqual({ year: 1888, month: null, day: null });
  });
});

describe('6. deaths on a card that are someone else’s', () => {
  const book = (cardBody: string) => ({
    'Compendium/Characters/Eleanor Pennock.md': `# Eleanor Pennock\n\n${cardBody}`,
    'Story/01 The Stairs.md': chapter('The Stairs', 'Eleanor Pennock comes out of the church porch and the wind takes her bonnet.'),
    'Story/02 The Wheels.md': chapter('The Wheels', 'Eleanor Pennock walks down to the workshop and opens the door.'),
  });

  it('is quiet on "the winter her father drowned", "He drowned" on her card and "after Robert drowned"', async () => {
    expect(await linesOf(book('She left the dame school at twelve, the winter her father drowned.'), /dead_character/)).toEqual([]);
    expect(await linesOf(book('She keeps the house. Her father was a carver; he drowned under the Nab in 1878.'), /dead_character/)).toEqual([]);
    expect(await linesOf(book('She was taught the scaurs, and after Robert drowned she taught herself.'), /dead_character/)).toEqual([]);
  });

  it('still reads her own death', async () => {
    expect(await linesOf(book('She drowns off the Nab (ch. 1).'), /dead_character/, 'Story/02 The Wheels.md')).toEqual([3]);
  });
});

describe('7. the dead remembered in a chapter told in the present', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Isaac Leng.md': '# Isaac Leng\n\nThe old jet-finder.',
    'Story/05 Low Water.md': chapter('Low Water', 'The fishermen find Isaac Leng on the scaur. Isaac Leng was dead before they reached him.'),
    'Story/07 The Tide.md': chapter('The Tide', 'She goes down to the scaur. She stands where the tide turns. She looks at the water. She says nothing. She waits.', line),
  });

  it('is quiet on a past act, and finds a present one', async () => {
    expect(await linesOf(book('Leng told her once, on this very scar, where the jet lies.'), /dead_character/)).toEqual([]);
    expect(await linesOf(book('Leng walks up the scaur with his lamp and sends her home.'), /dead_character/)).toEqual([5]);
  });
});

describe('8. days: fixed feasts, and the day after a death', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Davy Rusk.md': '# Davy Rusk\n\nThe riveter.',
    'Story/03 The Feast.md': chapter('The Feast', 'It was Saturday, 14 March 1953, and the yard was quiet.', line),
  });

  it('checks a weekday said of a fixed feast in the story’s year', async () => {
    expect(await linesOf(book('St Patrick’s Day fell on a Monday that year.'), 'weekday_date_mismatch')).toEqual([5]);
    expect(await linesOf(book('St Patrick’s Day fell on a Tuesday that year.'), 'weekday_date_mismatch')).toEqual([]);
  });

  it('checks "on the Friday, the day after he fell"', async () => {
    const fall = {
      'Compendium/Characters/Davy Rusk.md': '# Davy Rusk\n\nThe riveter.',
      'Story/06 The Staging.md': chapter('The Staging', 'It was Tuesday, the seventh of April 1953, and it rained.', 'Davy Rusk died on the staging before the ambulance came.'),
    };
    const funeral = (weekday: string) => ({ ...fall, 'Story/07 Dundonald.md': chapter('Dundonald', `We buried him on the ${weekday}, the day after he fell.`) });
    expect(await linesOf(funeral('Friday'), 'elapsed_time_mismatch')).toEqual([3]);
    expect(await linesOf(funeral('Wednesday'), 'elapsed_time_mismatch')).toEqual([]);
  });

  it('checks "had been dead a fortnight" by name', async () => {
    const files = (days: string) => ({
      'Compendium/Characters/Dai Pritchard.md': '# Dai Pritchard\n\nThe lodge secretary.',
      'Story/04 The Bench.md': chapter('The Bench', 'It was Thursday, 13 October 1994.', 'The twins found Dai Pritchard dead on the bench by the fence.'),
      'Story/05 Bethel.md': chapter('Bethel', 'It was Thursday, 20 October 1994.', `Dai Pritchard had been dead ${days} now.`),
    });
    expect(await linesOf(files('a fortnight'), 'elapsed_time_mismatch')).toEqual([5]);
    expect(await linesOf(files('a week'), 'elapsed_time_mismatch')).toEqual([]);
  });
});

describe('9. fixed traits however they are noted', () => {
  it('reads "limps - left leg", a knee rebuilt, "as he does everything", and a top joint before the finger', () => {
    expect(traits('limps - left leg (the Somme, he says)')).toEqual([['mark:limp:leg', ['left']]]);
    expect(traits('His left knee was rebuilt in 1994.')).toEqual([['mark:limp:leg', ['left']]]);
    expect(traits('He signs it with his right hand, as he does everything.')).toContainEqual(['handedness', ['right']]);
    expect(traits('top joint of the left forefinger missing')).toEqual([['mark:missing:finger', ['left']]]);
  });

  it('reads a likened hue in apposition, and a birth in a season of a year', () => {
    expect(traits('Nerys’s eyes, cornflower blue in the low sun, had filled up.')).toEqual([['eyes', ['blue']]]);
    expect(agePhrases('Nell was born in the autumn of 1866, in October.').map((phrase) => phrase.born)).toEqual([{ year: 1866, month: 10, day: null }]);
  });
});

describe('10. an age said in speech of a person the line names', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Walter Dunsmuir.md': '# Walter Dunsmuir\n\n- Born: 1938\n\nThe neighbour.',
    'Story/02 The Close.md': chapter('The Close', 'It is Monday, 6 February 2012.', line),
  });

  it('reads it as a warning, and is quiet when it agrees', async () => {
    expect(await linesOf(book('“Walter’s only sixty-one,” he murmurs.'), 'age_mismatch')).toEqual([5]);
    expect(await linesOf(book('“Walter’s only seventy-three,” he murmurs.'), 'age_mismatch')).toEqual([]);
  });
});

describe('11. an outline headed "Chapter outline", and a card named with its byname after a comma', () => {
  it('reads the numbered entries under "# Chapter outline", not one chapter called "outline"', async () => {
    const files = {
      'Story/Outline.md': '# Chapter outline\n\n1. The Havergal – Monday 2 September 1968. The ship berths.\n\n2. Menlove Court – Tuesday 3 September 1968. Nan and the steps.\n\n3. The Ferry – Saturday 21 September 1968. Across to Seacombe.',
      'Story/Chapters/01 The Havergal.md': chapter('The Havergal', 'The ship came in on the Monday.'),
      'Story/Chapters/02 Menlove Court.md': chapter('Menlove Court', 'Nan was on the landing.'),
    };
    expect(await linesOf(files, 'outline_entry_without_chapter')).toEqual([7]);
  });

  it('takes "Peigi MacAulay, “Granny Peigi”" as the name and its byname', () => {
    const peigi = card('Granny Peigi', 'Name: Peigi MacAulay, “Granny Peigi”');
    expect([peigi.name.value, peigi.aliases.map((alias) => alias.value)]).toEqual(['Peigi MacAulay', ['Granny Peigi']]);
    const minister = card('The Maighstir', 'Name: The Rev. Donald Morrison, “the Maighstir”');
    expect(minister.aliases.map((alias) => alias.value)).toEqual(['the Maighstir', 'The Maighstir']);
  });
});

describe('12. more of how fixed traits and ages are said', () => {
  it('reads "his right knee, where the German iron was", and "would be eighteen come February"', () => {
    expect(traits('He rubbed his right knee, where the German iron was.')).toEqual([['mark:limp:leg', ['right']]]);
    expect(agePhrases('Bert, who would be eighteen come February, said nothing.').map((phrase) => [phrase.age, phrase.birthdayMonths])).toEqual([[17, [2]]]);
  });

  it('is quiet on hair whitened by what the next sentence names', async () => {
    const files = (next: string) => ({
      'Compendium/Characters/Bert Sugden.md': '# Bert Sugden\n\n- Hair: dark brown',
      'Story/02 The Shed.md': chapter('The Shed', `Bert Sugden crawled out from under the loom, and his hair was white. ${next}`),
    });
    expect(await linesOf(files('It was not age; it was fly, the fine wool dust of the shed.'), 'hair_colour_mismatch')).toEqual([]);
    expect(await linesOf(files('He had gone white in a single night.'), 'hair_colour_mismatch')).toEqual([3]);
  });

  it('reads no count of another place that has a card of its own', async () => {
    const files = (line: string) => ({
      'Compendium/Places/Lowfold Mill.md': '# Lowfold Mill\n\nThe mill has one chimney and five storeys.',
      'Compendium/Places/Calderbeck.md': '# Calderbeck\n\nThe town below the moor.',
      'Story/07 Scar Top.md': chapter('Lowfold Mill', line),
    });
    expect(await linesOf(files('From Scar Top they could see the four chimneys of Calderbeck and the mill below.'), 'canon_fact_contradiction')).toEqual([]);
    expect(await linesOf(files('From Scar Top they could see the mill and its four chimneys.'), 'canon_fact_contradiction')).toEqual([3]);
  });
});

describe('13. and a few more ways of saying the same things', () => {
  it('reads a scar that splits an eyebrow, a hand "two fingers short" after two commas, and "the same clear blue as"', () => {
    expect(traits('the white scar that splits his right eyebrow')).toEqual([['mark:scar:eyebrow', ['right']]]);
    expect(traits('He stood with his right hand raised, palm out, the hand that was two fingers short.')).toEqual([['mark:missing:finger', ['right']]]);
    expect(traits('His eyes, the same clear blue as his brother’s, were on the road.')).toEqual([['eyes', ['blue']]]);
  });

  it('gives "who would be eighteen come February" to the name before it, and reads a year in words', () => {
    const come = agePhrases('Bert, who would be eighteen come February, said nothing.');
    expect(come.map((phrase) => [phrase.age, phrase.subjectAt])).toEqual([[17, 'Bert'.length]]);
    expect(agePhrases('Walter Harrow had been born in nineteen-twelve, the Titanic year.').map((phrase) => phrase.born)).toEqual([{ year: 1912, month: null, day: null }]);
  });

  it('counts time since what a named chapter did ("since the Havergal had tied up")', async () => {
    const files = (count: string) => ({
      'Story/01 The Havergal.md': chapter('The Havergal', 'It was Monday, the second of September 1968, and the ship came in.'),
      'Story/04 Short Count.md': chapter('Short Count', 'It was Thursday, the fifth of September 1968.', `By Thursday, ${count} since the Havergal had tied up, the tally was wrong.`),
    });
    expect(await linesOf(files('a full week'), 'elapsed_time_mismatch')).toEqual([5]);
    expect(await linesOf(files('three days'), 'elapsed_time_mismatch')).toEqual([]);
  });
});
