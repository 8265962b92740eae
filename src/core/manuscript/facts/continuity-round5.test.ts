/**
 * Round five of the continuity rules, each on a small manuscript written for it: the finding a writer
 * needs, and a look-alike that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { chapterText, continuityFindings, continuityLines } from '../../testing/continuity-kit.js';
import { MemoryWorkspace } from '../../testing/memory-workspace.js';
import { parseCharacterCard } from '../cards.js';
import { findNearMisses } from '../checks/misnamed-names.js';
import { parseOutline } from '../outline.js';
import { readProse } from '../scene-prose.js';
import { loadManuscriptSnapshot } from '../snapshot.js';
import { agePhrases } from './age-phrases.js';
import { traitPhrases } from './trait-phrases.js';

const findingsOf = continuityFindings;
const linesOf = continuityLines;
const chapter = chapterText;

describe('1. a colour joined to a likeness, or named after one', () => {
  const card = { 'Compendium/Characters/Isaura Menhenick.md': '# Isaura Menhenick\n\n- Eyes: blue\n- Hair: red\n\nShe keeps the toll house on the causeway.' };
  const page = (line: string) => ({ ...card, 'Story/01 Causeway.md': chapter('Causeway', `Isaura Menhenick came out of the toll house. ${line}`) });

  it('reads a likened colour ("coal-black", "storm-grey", "the colour of peat water, dark brown"), and no colour where there is none', async () => {
    expect(await linesOf(page('She pinned up her coal-black hair against the wind.'), 'hair_colour_mismatch')).toEqual([3]);
    expect(await linesOf(page('She narrowed her storm-grey eyes at the carter.'), 'eye_colour_mismatch')).toEqual([3]);
    expect(await linesOf(page('Her eyes are the colour of peat water, dark brown.'), 'eye_colour_mismatch')).toEqual([3]);
    expect(traitPhrases('He had coal-black hair and storm-grey eyes.').map((phrase) => [phrase.attribute, phrase.values])).toEqual([
      ['eyes', ['grey']],
      ['hair', ['black']],
    ]);
    expect(await linesOf(page('She pinned up her fox-red hair against the wind.'), /colour_mismatch/)).toEqual([]);
    expect(await linesOf(page('Her eyes are the colour of peat water.'), /colour_mismatch/)).toEqual([]);
    expect(await linesOf(page('She pulled her coal-black shawl tight and narrowed her cornflower-blue eyes.'), /colour_mismatch/)).toEqual([]);
  });
});

describe('2. a limp on one side with no leg named, and a whole hand', () => {
  const book = (cardLine: string, line: string) => ({
    'Compendium/Characters/Madoc Carveth.md': `# Madoc Carveth\n\nHe drives the winding engine at the north shaft. ${cardLine}`,
    'Story/02 The Dry.md': chapter('The Dry', `Madoc Carveth came in off the shift. ${line}`),
  });
  const marks = async (cardLine: string, line: string) => linesOf(book(cardLine, line), 'fixed_trait_mismatch');
  const limp = 'He limps in his left leg since the fall of ground.';
  const finger = 'He lost a finger of his left hand to the rock drill.';

  it('reads "limps on the right" as the right leg and "all five fingers of his left hand" as no finger lost there', async () => {
    expect(await marks(limp, 'He limps on the right as he crosses to the pegs.')).toEqual([3]);
    expect(await marks(finger, 'He spread all five fingers of his left hand on the bench.')).toEqual([3]);
    expect(await marks(limp, 'He was lame in the right leg for a week after the blast.')).toEqual([3]);
    expect(await marks(limp, 'He limps on the left as he crosses to the pegs.')).toEqual([]);
    expect(await marks(limp, 'He was lame in the right arm for a week after the blast.')).toEqual([]);
    expect(await marks('He lost a finger of his right hand to the rock drill.', 'He spread all five fingers of his left hand on the bench.')).toEqual([]);
  });
});

describe('3. a younger age told as a memory', () => {
  const narrator = { 'Compendium/Characters/Kerensa Udy.md': '# Kerensa Udy\n\n- Born: 14 June 1920\n\nThe narrator. She nurses at the cottage hospital.' };
  const present = (line: string) => ({
    ...narrator,
    'Story/03 Ward.md': chapter(
      'Ward',
      'It is Thursday, 9 March 1961. I walk up from the harbour and the ward sister is waiting.',
      'She looks at the clock. I take off my coat and I go to the sluice. The kettle is on and the porter comes in.',
      line,
    ),
  });
  const past = (...lines: string[]) => ({
    ...narrator,
    'Story/03 Ward.md': chapter('Ward', 'It was Thursday, 9 March 1961. I walked up from the harbour and I took off my coat.', ...lines),
  });

  it('finds an older age or one told as now, and leaves a younger one told as a memory', async () => {
    expect(await linesOf(present('I was fifty-two that November, and I remember the ice.'), 'age_mismatch')).toEqual([7]);
    expect(await linesOf(past('The rain came on at noon. I was ten.'), 'age_mismatch')).toEqual([5]);
    expect(await linesOf(past('I was seven, and the river froze right across.'), 'age_mismatch')).toEqual([5]);
    expect(await linesOf(present('I was seven that November, and I remember the ice.'), 'age_mismatch')).toEqual([]);
    expect(await linesOf(present('I was seven, and the river froze right across.'), 'age_mismatch')).toEqual([]);
    expect(await linesOf(past('Grandad had drowned in the flood. I was ten.'), 'age_mismatch')).toEqual([]);
  });
});

describe('4. "was one" of several', () => {
  const ages = (text: string) => agePhrases(text).filter((phrase) => phrase.kind === 'age').map((phrase) => phrase.age);

  it('reads "was nine, at the front left" as an age, and "was one, at the front left" as none', () => {
    expect(ages('Of the children on the bench, Sidonie was nine, at the front left.')).toEqual([9]);
    expect(ages('Sidonie was one year old, and walking already.')).toEqual([1]);
    expect(ages('Of the children on the bench, Sidonie was one, at the front left.')).toEqual([]);
  });
});

describe('5. a surname after another given name is a relative', () => {
  const book = (...lines: string[]) => ({
    'Compendium/Characters/Ithel Quintrell.md': '# Ithel Quintrell\n\nBorn 1870. Keeps the chandlery on the quay.',
    'Story/01 Chandlery.md': chapter('Chandlery', 'It was Monday, 4 May 1885.', ...lines),
  });
  const ages = async (...lines: string[]) => linesOf(book(...lines), 'age_mismatch');

  it('gives the card the age of its own name or its surname alone, not of a relative with another given name', async () => {
    expect(await ages('Ithel Quintrell came down the lane with the milk. He was eleven.')).toEqual([5]);
    expect(await ages('Mr Quintrell came down the lane with the milk. He was eleven.')).toEqual([5]);
    expect(await ages('Quintrell came down the lane with the milk. She was eleven.')).toEqual([5]);
    expect(await ages('Keziah Quintrell came down the lane with the milk. She was eleven.')).toEqual([]);
  });
});

describe('6. everyday words and pet forms are no misspelt names', () => {
  const files = (line: string) => ({
    'Compendium/Characters/Wilf Arundell.md': '# Wilf Arundell\n\nHe keeps the ferry at the point.',
    'Compendium/Characters/Della Rowbotham.md': '# Della Rowbotham\n\nShe sells pilchards from a handcart.',
    'Compendium/Places/Trevannion.md': '# Trevannion\n\nA hamlet of six cottages above the creek.',
    'Story/01 Creek.md': chapter('Creek', line),
  });
  const misnamed = async (line: string) => {
    const snapshot = await loadManuscriptSnapshot(new MemoryWorkspace(files(line)));
    const scene = snapshot.scenes[0]!;
    return findNearMisses(readProse(scene.source, scene.bodyStart, snapshot.names), snapshot.names, snapshot.vocabulary).map((miss) => [
      miss.entity.kind === 'place' ? 'place_name_misspelled' : 'character_name_misspelled',
      miss.text,
      miss.line,
    ]);
  };

  it('finds a one-letter slip of a place name, and leaves an everyday word and a pet form alone', async () => {
    expect(await misnamed('Wilf Arundell rowed the doctor over to Trevanion before the tide turned.')).toEqual([['place_name_misspelled', 'Trevanion', 3]]);
    expect(await misnamed('Wilf Arundell looked at the sky. Wild geese were going over, high up.')).toEqual([]);
    expect(await misnamed('Della Rowbotham pushed the cart up the hill. "Delly, wait!" called the boy from Trevannion.')).toEqual([]);
    const slip = await misnamed('Della Rowbotham pushed the cart up the hill. "Dolla, wait!" called the boy from Trevannion.');
    expect(slip).toEqual([['character_name_misspelled', 'Dolla', 3]]);
    // A given name of its own ("Delia" beside a card's "Della") is another person.
    expect(await misnamed('Della Rowbotham nodded to her cousin. Delia, the carter\'s girl, nodded back.')).toEqual([]);
  });
});

describe('7. time said to have passed since an event a chapter is titled by, or since a death', () => {
  const outline = [
    '## Chapter 1',
    '',
    '- Monday 2 October 1893 — the rising',
    '',
    '## Chapter 2',
    '',
    '- Tuesday 10 October 1893 — the reckoning',
  ].join('\n');
  const book = (line: string) => ({
    'Compendium/Characters/Hedra Polglaze.md': '# Hedra Polglaze\n\nShe leads the weavers at the mill; her voice carries.',
    'Story/Outline.md': outline,
    'Story/Chapters/01 The Rising.md': chapter('The Rising', 'Hedra Polglaze climbed on to the wool bales and the looms stopped.'),
    'Story/Chapters/02 Reckoning.md': chapter('Reckoning', line),
  });
  const elapsed = async (line: string) => linesOf(book(line), 'elapsed_time_mismatch');
  const drowned = (line: string) => ({
    'Compendium/Characters/Absalom Hosken.md': '# Absalom Hosken\n\nThe miller\'s boy. He drowns in chapter 4.',
    'Story/Outline.md': [
      'Ch 1 - Sat 8 Jun 1907 - Sluice.',
      'Ch 2 - Mon 10 Jun 1907 - Weir.',
      'Ch 3 - Wed 12 Jun 1907 - Eel Traps.',
      'Ch 4 - Fri 14 Jun 1907 - Spate.',
      'Ch 5 - Tue 18 Jun 1907 - Dredging.',
    ].join('\n'),
    'Story/01 Sluice.md': chapter('Sluice', 'Absalom Hosken opened the sluice.'),
    'Story/02 Weir.md': chapter('Weir', 'The weir was loud all night.'),
    'Story/03 Eel Traps.md': chapter('Eel Traps', 'The traps came up empty.'),
    'Story/04 Spate.md': chapter('Spate', 'The river came down brown and fast.'),
    'Story/05 Dredging.md': chapter('Dredging', line),
  });

  it('finds a span since a titled chapter or a death that the dates cannot give, and accepts one they can', async () => {
    expect(await elapsed("It's three weeks since the Rising, and the masters have not given an inch.")).toEqual([3]);
    expect(await elapsed("It's a week since the Rising, and the masters have not given an inch.")).toEqual([]);
    expect(await linesOf(drowned("It was a fortnight since they'd pulled Absalom out of the race."), 'elapsed_time_mismatch')).toEqual([3]);
    expect(await linesOf(drowned("It was four days since they'd pulled Absalom out of the race."), 'elapsed_time_mismatch')).toEqual([]);
  });
});

describe('8. a death a card places in its chapter', () => {
  const titles = ['Ford', 'Mill', 'Lanes', 'River', 'Wake', 'Reef', 'Harbour'];
  // Seven chapters of rain; in one of them the fiddler climbs to the loft.
  const acting = async (cardLine: string, position: number) =>
    linesOf(
      {
        'Compendium/Characters/Benedek Szalai.md': `# Benedek Szalai\n\nHe plays the fiddle at the inn.\n\n${cardLine}`,
        ...Object.fromEntries(
          titles.map((title, index) => {
            const text = index + 1 === position ? 'Benedek Szalai climbed the stair to the loft.' : 'The rain kept on.';
            return [`Story/0${index + 1} ${title}.md`, chapter(title, text)] as const;
          }),
        ),
      },
      /dead_character/,
    );

  it('places the death in the chapter the card\'s sentence names', async () => {
    expect(await acting('Drowns in the river at night (ch. 4).', 5)).toEqual([3]);
    expect(await acting('Lost overboard on the reef, ch. 6.', 7)).toEqual([3]);
    expect(await acting('Drowns in the river at night (ch. 4).', 4)).toEqual([]);
    expect(await acting('Lost overboard on the reef, ch. 6.', 6)).toEqual([]);
    expect(await acting('Lost overboard on the reef, ch. 6.', 2)).toEqual([]);
    expect(await acting('Nearly drowns in the river at night (ch. 4).', 5)).toEqual([]);
  });
});

describe('9. weekdays across chapters, one of them agreeing with the calendar', () => {
  const book = (first: string, second: string) => ({
    'Story/Outline.md': ['## Chapter 1', '', '- The frost', '', '## Chapter 2', '', '- Friday 8 March 1889 — the fair'].join('\n'),
    'Story/01 Frost.md': chapter('Frost', `${first} The frost lay white on the roofs.`),
    'Story/02 Fair.md': chapter('Fair', `${second} The fair came in over the hill.`),
  });
  const wrong = async (first: string, second: string) =>
    (await findingsOf(book(first, second))).filter((found) => /weekday/.test(found.kind)).map((found) => [found.kind, found.path, found.line]);

  it('reports the chapter whose weekday the calendar does not give, even when it comes first', async () => {
    expect(await wrong('It was Tuesday, 6 March.', 'It was Friday, 8 March.')).toEqual([['weekday_sequence_mismatch', 'Story/01 Frost.md', 3]]);
    expect(await wrong('It was Wednesday, 6 March.', 'It was Friday, 8 March.')).toEqual([]);
  });
});

describe('10. a hand a card says changed', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Perran Hocking.md': '# Perran Hocking\n\nThe parish clerk. Right-handed before the accident; has written with his left ever since.',
    'Story/02 Vestry.md': chapter('Vestry', `Perran Hocking opened the register. ${line}`),
  });
  const hands = async (line: string) => linesOf(book(line), 'handedness_mismatch');

  it('reads the hand he writes with since the accident, and finds the other', async () => {
    expect(await hands('He wrote the two names with his right hand, slowly.')).toEqual([3]);
    expect(await hands('He wrote the two names with his left hand, slowly.')).toEqual([]);
  });
});

describe('11. hair and eyes in a photograph are of the past', () => {
  const book = (...paragraphs: string[]) => ({
    'Compendium/Characters/Lucius Brannam.md': '# Lucius Brannam\n\n- Hair: white\n- Eyes: blue\n\nHe was the lighthouse keeper at Gannel Head.',
    'Story/04 Mantel.md': chapter('Mantel', ...paragraphs),
  });
  const colours = async (...paragraphs: string[]) => linesOf(book(...paragraphs), /colour_mismatch/);

  it('finds a colour said of him now, and leaves one said of a photograph', async () => {
    expect(await colours("Lucius Brannam sat by the fire. He ran a hand through his hair, as black as a crow's wing.")).toEqual([3]);
    expect(await colours('Lucius Brannam had gone down to the boats. I can still picture his grey eyes.')).toEqual([3]);
    // The nearest pronoun owns the eyes: "I can picture his grey eyes" is about him, not me.
    expect(await colours('Lucius Brannam had gone down to the boats. I can picture his grey eyes.')).toEqual([3]);
    expect(await colours("Lucius Brannam sat by the fire. There was a kettle on the hob. He with his hair as black as a crow's wing.")).toEqual([3]);
    expect(await colours("Lucius Brannam sat by the fire. There was a photograph on the mantel. He with his hair as black as a crow's wing.")).toEqual([]);
    expect(await colours('Lucius Brannam sat by the fire. In the photograph on the mantel his grey eyes were screwed up against the sun.')).toEqual([]);
  });
});

describe('12. an occupation names someone unnamed', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Caradoc Venn.md': '# Caradoc Venn\n\n- Eyes: grey\n\nHe keeps the pumping engine; he is a widower.',
    'Story/05 Engine House.md': chapter('Engine House', 'Caradoc Venn unlocked the engine house and lit the lamp.', line),
  });
  const eyes = async (line: string) => linesOf(book(line), 'eye_colour_mismatch');

  it('gives "his hazel eyes" to the man named just before, unless the sentence is about an unnamed engineer or lengthsman', async () => {
    expect(await eyes('He had not taken off his spectacles; behind them his hazel eyes were red with sleep.')).toEqual([5]);
    expect(await eyes('The engineer had not taken off his spectacles; behind them his hazel eyes were red with sleep.')).toEqual([]);
    expect(await eyes('The lengthsman had not taken off his cap; under it his hazel eyes were red with sleep.')).toEqual([]);
  });
});

describe('13. alias labels and Dataview inline fields on a card', () => {
  it('reads "Also called: a; b", "Aliases:: …" and "Eyes:: hazel", and checks the alias against the field', async () => {
    const called = parseCharacterCard({
      path: 'Compendium/Characters/Piran Jewell.md',
      lines: ['# Piran Jewell', '', 'Also called: the Harbourmaster; Uncle Piran', 'Calls everyone: my lover'],
    });
    expect(called.aliases.map((alias) => alias.value)).toEqual(['the Harbourmaster', 'Uncle Piran']);
    const inline = parseCharacterCard({ path: 'Compendium/Characters/Noy Roskilly.md', lines: ['# Noy Roskilly', '', 'Aliases:: Owd Noy', 'Eyes:: hazel'] });
    expect(inline.aliases.map((alias) => alias.value)).toEqual(['Owd Noy']);
    expect(inline.eyes?.value).toBe('hazel');
    const book = (line: string) => ({
      'Compendium/Characters/Noy Roskilly.md': '# Noy Roskilly\n\nAliases:: Owd Noy\nEyes:: hazel\n\nHe mends crab pots on the slip.',
      'Story/01 Slip.md': chapter('Slip', line),
    });
    expect(await linesOf(book("Owd Noy's blue eyes followed the gig out past the point."), 'eye_colour_mismatch')).toEqual([3]);
    expect(await linesOf(book("Owd Noy's hazel eyes followed the gig out past the point."), 'eye_colour_mismatch')).toEqual([]);
  });
});

describe('14. an outline table with a "Day and date" column', () => {
  const table = (column: string, first: string) =>
    [
      `| Ch | Title | ${column} | Summary |`,
      '|---|---|---|---|',
      `| 1 | The Lock | ${first} | The barge comes through. |`,
      '| 2 | The Basin | Wednesday 4 May 1898 | Unloading. |',
    ].join('\n');

  it('gives each row the date in its "Day and date" column, and checks its weekday', async () => {
    const outline = parseOutline({ path: 'Story/Outline.md', lines: table('Day and date', 'Tuesday 3 May 1898').split('\n') });
    expect(outline.entries.map((entry) => entry.fields.when?.value)).toEqual(['Tuesday 3 May 1898', 'Wednesday 4 May 1898']);
    const book = (first: string) => ({
      'Story/Outline.md': table('Day and date', first),
      'Story/01 The Lock.md': chapter('The Lock', 'The barge came through on the top water.'),
      'Story/02 The Basin.md': chapter('The Basin', 'They unloaded the slate by lamplight.'),
    });
    expect(await linesOf(book('Thursday 3 May 1898'), 'weekday_date_mismatch', 'Story/Outline.md')).toEqual([3]);
    expect(await linesOf(book('Tuesday 3 May 1898'), 'weekday_date_mismatch', 'Story/Outline.md')).toEqual([]);
    const counted = parseOutline({ path: 'Story/Outline.md', lines: table('Days afloat', 'three').split('\n') });
    expect(counted.entries.map((entry) => entry.fields.when?.value)).toEqual([undefined, undefined]);
  });
});

describe('15. a scar given as a Dataview field', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Lemuel Tregear.md': '# Lemuel Tregear\n\nScar:: left cheek\n\nHe drives the carrier\'s cart to Truro.',
    'Story/03 Carrier.md': chapter('Carrier', `Lemuel Tregear pulled up at the inn. ${line}`),
  });

  it('finds the scar on the other cheek, and stays quiet for the same one', async () => {
    expect(await linesOf(book('The lamp caught the scar on his right cheek.'), 'fixed_trait_mismatch')).toEqual([3]);
    expect(await linesOf(book('The lamp caught the scar on his left cheek.'), 'fixed_trait_mismatch')).toEqual([]);
  });
});

describe('16. "At seventeen he had the notion" and "He had been sixty-four at Christmas"', () => {
  const book = (...lines: string[]) => ({
    'Compendium/Characters/Lowenna Spargo.md': '# Lowenna Spargo\n\n- Born: 2 February 1850\n\nShe is a bal-maiden at the dressing floors.',
    'Compendium/Characters/Zebedee Trounson.md': '# Zebedee Trounson\n\n- Born: 10 October 1803\n\nHe is the mine captain at the Tansy mine.',
    'Story/02 Floors.md': chapter('Floors', 'It was Friday, 6 March 1868, and bitter on the floors.', ...lines),
  });
  const ages = async (...lines: string[]) => linesOf(book(...lines), 'age_mismatch');

  it('checks such ages against a birth, but not "At seventeen she had married him"', async () => {
    expect(await ages('Lowenna Spargo stood at the buddle. At seventeen she had the notion that she would never leave the floors.')).toEqual([5]);
    expect(await ages('Zebedee Trounson came up the ladder. He had been seventy at Christmas, and felt it.')).toEqual([5]);
    expect(await ages('Lowenna Spargo stood at the buddle. At eighteen she had the notion that she would never leave the floors.')).toEqual([]);
    expect(await ages('Zebedee Trounson came up the ladder. He had been sixty-four at Christmas, and felt it.')).toEqual([]);
    expect(await ages('Lowenna Spargo stood at the buddle. At seventeen she had married him, and at eighteen she was a widow.')).toEqual([]);
  });
});

describe('17. counts of a whole, some of them, or placed elsewhere', () => {
  const book = (line: string) => ({
    'Compendium/Places/Stennack Pumping Station.md':
      '# Stennack Pumping Station\n\nThe pumping station has nineteen steps up to the engine floor, and fourteen windows.',
    'Story/02 Stennack.md': chapter('Stennack', `He walked up from the pumping station yard. ${line}`),
  });
  const counts = async (line: string) => linesOf(book(line), 'canon_fact_contradiction');

  it('finds a count of the whole against the note, and leaves some of them or ones placed elsewhere', async () => {
    expect(await counts('He climbed all twelve of the steps to the engine floor.')).toEqual([3]);
    expect(await counts('He had cleaned all three of the windows before the engineer came.')).toEqual([3]);
    expect(await counts('He went down the nine steps to the engine floor.')).toEqual([3]);
    expect(await counts('He had cleaned three of the windows before the engineer came.')).toEqual([]);
    expect(await counts('He went down the nine steps cut into the outer bank to the leat.')).toEqual([]);
  });
});

describe('18. hair dirtied, not coloured', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Ruan Mabyn.md': '# Ruan Mabyn\n\n- Hair: fair\n\nHe is the stoker on the tug.',
    'Story/01 Tug.md': chapter('Tug', `Ruan Mabyn came up out of the stokehold. ${line}`),
  });
  const hair = async (line: string) => linesOf(book(line), 'hair_colour_mismatch');

  it('finds a colour written before the hair, and leaves hair "black with oil"', async () => {
    expect(await hair('His black hair was slick with oil.')).toEqual([3]);
    expect(await hair('His hair was black with oil from the bearings.')).toEqual([]);
  });
});

describe('19. the dead sitting on the doorstep', () => {
  const lead = 'His widow set out his pipe by the door.';
  const book = (line: string) => ({
    'Compendium/Characters/Gerens Odgers.md': '# Gerens Odgers\n\nHe mends nets on the quay. Dies in chapter 1.',
    'Story/01 Squall.md': chapter('Squall', 'The squall came in off the bay and the gig did not come back.'),
    'Story/02 Doorstep.md': chapter('Doorstep', line),
  });
  const dead = async (line: string) =>
    (await findingsOf(book(line))).filter((found) => /dead_character/.test(found.kind)).map((found) => [found.kind, found.line]);

  it('finds him acting even "as though nothing had happened", and leaves "as though he were still there"', async () => {
    expect(await dead(`${lead} Gerens Odgers was sitting on his doorstep as though nothing had happened.`)).toEqual([['dead_character_acts', 3]]);
    expect(await dead(`${lead} Gerens Odgers was sitting on his doorstep as though he were still there.`)).toEqual([]);
  });
});

describe('20. an age set off after what the named subject does', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Linnet Rosewarne.md': '# Linnet Rosewarne\n\n- Born: 3 September 1896\n\nThe youngest of the Rosewarne girls.',
    'Story/01 Dairy.md': chapter('Dairy', 'It was Saturday, 8 June 1907.', line),
  });
  const ages = async (line: string) => linesOf(book(line), 'age_mismatch');

  it('is her age, and an age of nobody named is no one\'s', async () => {
    expect(await ages('Linnet Rosewarne waited at the dairy door, twelve years old and tall for it.')).toEqual([5]);
    expect(await ages('Linnet Rosewarne waited at the dairy door, ten years old and tall for it.')).toEqual([]);
    expect(await ages('The girl waited at the dairy door, twelve years old and tall for it.')).toEqual([]);
  });
});

describe('21. "my uncle" for the one card called Uncle', () => {
  const jowan = {
    'Compendium/Characters/Jowan Hichens.md': '# Jowan Hichens\n\nAlso called: Uncle Jowan\n\nHe lost the top joint of his left ring finger to a trawl warp.',
  };
  const cador = { 'Compendium/Characters/Cador Lanyon.md': '# Cador Lanyon\n\nAlso called: Uncle Cador\n\nHe keeps the net loft.' };
  const line = 'The top joint of my uncle\'s right ring finger was gone, and he tapped the table with the stump.';
  const marks = async (cards: Record<string, string>, text: string) => linesOf({ ...cards, 'Story/02 Loft.md': chapter('Loft', text) }, 'fixed_trait_mismatch');

  it('binds "my uncle" to him alone, and finds the finger on the other hand', async () => {
    expect(await marks(jowan, line)).toEqual([3]);
    expect(await marks(jowan, line.replace('right', 'left'))).toEqual([]);
    expect(await marks({ ...jowan, ...cador }, line)).toEqual([]);
    // The stump named through the possessive: "the stump of my uncle's right ring finger".
    expect(await marks(jowan, 'I watched the stump of my uncle\'s right ring finger tapping the table.')).toEqual([3]);
    expect(await marks(jowan, 'I watched the stump of my uncle\'s left ring finger tapping the table.')).toEqual([]);
  });
});

describe('22. a beat of an outline heading entry dated on the wrong weekday', () => {
  const book = (beat: string) => ({
    'Story/Outline.md': ['## Chapter 1', '', '- The harvest supper', '', '## Chapter 2', '', `- ${beat}`, '- The hayrick burns'].join('\n'),
    'Story/01 Supper.md': chapter('Supper', 'They carried the trestles out to the barn.'),
    'Story/02 Rick.md': chapter('Rick', 'The rick caught at midnight.'),
  });
  const weekdays = async (beat: string) => linesOf(book(beat), 'weekday_date_mismatch', 'Story/Outline.md');

  it('finds "Monday 9 February 1871", a Thursday, and leaves the right weekday or a date with no year', async () => {
    expect(await weekdays('Monday 9 February 1871')).toEqual([7]);
    expect(await weekdays('Thursday 9 February 1871')).toEqual([]);
    expect(await weekdays('Monday 9 February')).toEqual([]);
  });
});

describe('23. a finger the card has lost, used on the page', () => {
  const book = (cardLine: string, line: string) => ({
    'Compendium/Characters/Anselm Trewhella.md': `# Anselm Trewhella\n\nHe keeps the lock on the canal. ${cardLine}`,
    'Story/03 Lock.md': chapter('Lock', `Anselm Trewhella came out of the lock house. ${line}`),
  });
  const marks = async (cardLine: string, line: string) => linesOf(book(cardLine, line), 'fixed_trait_mismatch');

  it('finds the lost fingers of that hand in use, once a line, and leaves the other hand, the stump and what remains', async () => {
    const lost = 'He lost the first two fingers of his left hand to a lock gate in 1931.';
    expect(await marks(lost, 'He held the pipe between the first two fingers of his left hand.')).toEqual([3]);
    expect(await marks('He lost the two last fingers of his left hand.', 'He turned the ring on the little finger of his left hand.')).toEqual([3]);
    expect(await marks(lost, 'He held the pipe between the first two fingers of his right hand.')).toEqual([]);
    expect(await marks(lost, 'He rubbed the stump of the middle finger of his left hand.')).toEqual([]);
    expect(await marks(lost, 'He gripped the rope with the thumb and the two remaining fingers of his left hand.')).toEqual([]);
    // A lost tip leaves the finger: "the top joint of his left ring finger".
    expect(await marks('He lost the top joint of his left ring finger.', 'He wore a ring on the ring finger of his left hand.')).toEqual([]);
  });
});

describe('24. what a narrator calls a parent, and two people in the sentence a pronoun reaches back to', () => {
  it('takes a card opening "Dad." as the one the narrator calls Dad', async () => {
    const files = {
      'Compendium/Characters/Osric Penhale.md': '# Osric Penhale\n\nDad. Keeper of the sluices.\n\nEyes – brown',
      'Story/01 Sluice.md': chapter('Sluice', 'I went down to the sluice at six. Dad looked up at me with his grey eyes and said nothing.'),
    };
    expect(await linesOf(files, 'eye_colour_mismatch')).toEqual([3]);
    const notKin = { ...files, 'Compendium/Characters/Osric Penhale.md': '# Osric Penhale\n\nDad to nobody. Keeper of the sluices.\n\nEyes – brown' };
    expect(await linesOf(notKin, 'eye_colour_mismatch')).toEqual([]);
  });

  it('leaves open a pronoun a sentence or two back from two people it fits', async () => {
    const cards = {
      'Compendium/Characters/Kenver Rowse.md': '# Kenver Rowse\n\nHe fishes out of the cove.\n\nHair: fair',
      'Compendium/Characters/Austell Rowse.md': '# Austell Rowse\n\nHis father.\n\nHair: grey',
    };
    const page = (first: string) => ({ ...cards, 'Story/01 Cove.md': chapter('Cove', `${first} He had been out since first light with the nets. His fair hair stood up at the crown.`) });
    expect(await linesOf(page('Kenver Rowse came in behind Austell Rowse, stamping.'), 'hair_colour_mismatch')).toEqual([]);
    expect(await linesOf(page('Austell Rowse came in, stamping.'), 'hair_colour_mismatch')).toEqual([3]);
  });
});

describe('25. a colour the hair had, a few of a counted thing', () => {
  it('leaves "her hair had been black once" beside a card that says white, and keeps "her hair was black"', async () => {
    const files = (line: string) => ({
      'Compendium/Characters/Morwenna Tregear.md': '# Morwenna Tregear\n\n- Hair: white',
      'Story/01 Kitchen.md': chapter('Kitchen', `Morwenna Tregear sat by the range. ${line}`),
    });
    expect(await linesOf(files('Her hair had been black as a Bible once, she told me.'), 'hair_colour_mismatch')).toEqual([]);
    expect(await linesOf(files('Her hair was black and pinned up tight.'), 'hair_colour_mismatch')).toEqual([3]);
  });

  it('leaves a few of the steps a note counts ("swept two steps"), and keeps a count of them all', async () => {
    const files = (line: string) => ({
      'Compendium/Places/Polwhele Quay.md': '# Polwhele Quay\n\nForty-two stone steps run down the quay wall to the landing stage.',
      'Story/01 Quay.md': chapter('Quay', `At Polwhele Quay the tide was out. ${line}`),
    });
    expect(await linesOf(files('He had swept two steps of the quay wall when he saw the coat.'), 'canon_fact_contradiction')).toEqual([]);
    expect(await linesOf(files('She counted all thirty-six steps of the quay wall on the way down.'), 'canon_fact_contradiction')).toEqual([3]);
  });
});
