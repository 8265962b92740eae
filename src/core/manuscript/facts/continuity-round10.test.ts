/**
 * Round ten of the continuity rules, each on a small manuscript written for it: the finding a
 * writer needs, and the look-alikes that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { chapterText as chapter, continuityLines as linesOf } from '../../testing/continuity-kit.js';
import { parseOutline } from '../outline.js';
import { eventNoun } from './elapsed-claims.js';

describe('1. time since an event the notes or the outline date', () => {
  const outline = [
    '# Plan',
    '',
    '1. Chapter 1 (Monday 2 March 1903): Ada at the sluice; the warden warns of the sea-wall cracks.',
    '2. Chapter 2 (Wednesday 4 March 1903): the flood; the lower field lost.',
    '3. Chapter 3 (Friday 13 March 1903): the clearing up.',
    '4. Chapter 4 (Monday 6 April 1903): Ada sells the ewes.',
  ].join('\n');
  const book = (third: string, fourth: string) => ({
    'Story/Outline.md': outline,
    'Story/01 The Sluice.md': chapter('The Sluice', 'It was Monday, 2 March 1903, and the wind was in the east.'),
    'Story/02 Water.md': chapter('Water', 'It came over the wall at dusk.'),
    'Story/03 Mud.md': chapter('Mud', third),
    'Story/04 Ewes.md': chapter('Ewes', fourth),
  });
  const elapsed = async (third: string, fourth = 'Ada drove the ewes to Wrabness.') => linesOf(book(third, fourth), 'elapsed_time_mismatch');

  it('dates the event by the outline entry that tells it', async () => {
    expect(await elapsed('It was nine days since the flood, and the mud was drying.')).toEqual([]);
    expect(await elapsed('It was three days since the flood, and the mud was drying.')).toEqual([3]);
  });

  it('reads a guess as wrong only when it is far out', async () => {
    expect(await elapsed('The mud was drying.', 'It was hardly a fortnight since the flood, and the field was green.')).toEqual([3]);
    expect(await elapsed('It was hardly a fortnight since the flood, and the mud was drying.')).toEqual([]);
    expect(await elapsed('It felt like three days since the flood.')).toEqual([]);
  });

  it('does not take the line that names only a part of it for the event', async () => {
    // Chapter 1's entry names "the sea-wall cracks", not the flood; only chapter 2's tells the flood.
    expect(await elapsed('It was nine days since the flood, and the warden came round about the sea-wall.')).toEqual([]);
  });

  it('takes a note that dates the event, and leaves an event the notes disagree on', async () => {
    const notes = (place: string) => ({
      'Compendium/Places/Hythe Mill.md': `# Hythe Mill\n\n${place}`,
      'Story/01 The Mill.md': chapter('The Mill', 'It was Tuesday, 9 June 1908.'),
      'Story/02 Wheel.md': chapter('Wheel', 'It was Monday, 22 June 1908. It was three weeks to the day since the wheel-house went down.'),
    });
    expect(await linesOf(notes('The old wheel-house (collapses 8 June) stands on the leat.'), 'elapsed_time_mismatch')).toEqual([3]);
    expect(await linesOf(notes('The old wheel-house (collapses 1 June) stands on the leat.'), 'elapsed_time_mismatch')).toEqual([]);
    // Two notes that each tell the collapse, on different days: no day to count from.
    expect(await linesOf(notes('The wheel-house collapses 8 June.\nThe wheel-house collapses 12 June, says the miller.'), 'elapsed_time_mismatch')).toEqual([]);
  });

  it('takes a death told with the event', async () => {
    const files = (line: string) => ({
      'Compendium/Characters/Tom Reece.md': '# Tom Reece\n\nThe banksman. Killed in the shaft explosion, chapter 2.',
      'Story/01 Pit.md': chapter('Pit', 'It was Monday, 6 May 1912.'),
      'Story/02 Bank.md': chapter('Bank', 'It was Tuesday, 7 May 1912. Tom Reece went down at six.'),
      'Story/03 After.md': chapter('After', `It was Saturday, 11 May 1912. ${line}`),
    });
    expect(await linesOf(files('Four days since the explosion, and the cage was running again.'), 'elapsed_time_mismatch')).toEqual([]);
    expect(await linesOf(files('Nine days since the explosion, and the cage was running again.'), 'elapsed_time_mismatch')).toEqual([3]);
  });

  it('counts from what an earlier chapter says of the same event, and never the other way', async () => {
    const files = (later: string) => ({
      'Story/01 Smoke.md': chapter('Smoke', 'It was Wednesday, 10 January 1894. It was two days since the fire, and the yard still smelt of it.'),
      'Story/02 Ash.md': chapter('Ash', `It was Saturday, 20 January 1894. ${later}`),
    });
    expect(await linesOf(files('It was twelve days since the fire.'), 'elapsed_time_mismatch')).toEqual([]);
    expect(await linesOf(files('It was a week since the fire.'), 'elapsed_time_mismatch', 'Story/02 Ash.md')).toEqual([3]);
    expect(await linesOf(files('It was a week since the fire.'), 'elapsed_time_mismatch', 'Story/01 Smoke.md')).toEqual([]);
  });

  it('dates the event by a chapter titled with it, its number set apart', async () => {
    const files = (heading: string) => ({
      'Story/06 Breach.md': `# ${heading}\n\nIt is Tuesday, 13 March 2187.`,
      'Story/08 Stores.md': chapter('Eight: Stores', 'It is Friday, 16 March 2187. Five days since the breach, and nobody has slept.'),
    });
    expect(await linesOf(files('Six: Breach'), 'elapsed_time_mismatch')).toEqual([3]);
    expect(await linesOf(files('Chapter Six: The Breach'), 'elapsed_time_mismatch')).toEqual([3]);
  });

  it('names the event by its common noun only', () => {
    expect(['the storm', 'the lump-room went down', 'the *breach*', 'the morning', 'the Havergal docked', 'I found him'].map(eventNoun)).toEqual(['storm', 'lump-room', 'breach', null, null, null]);
  });
});

describe('2. an outline of headings, each over a dated paragraph with the day in words', () => {
  it('dates each chapter by its entry', async () => {
    const files = (line: string) => ({
      'Story/Outline.md': ['# Chronology', '', '### Chapter 1 — The Crossing', '', 'Monday, the ninth of October 2023. Lotte crosses to the island.', '', '### Chapter 2 — Glass', '', 'Friday, the thirteenth of October 2023. The storm.'].join('\n'),
      'Story/01 The Crossing.md': chapter('The Crossing', 'Lotte crossed on the morning boat.'),
      'Story/02 Glass.md': chapter('Glass', line),
    });
    // Monday 9 to Friday 13 October, by the outline alone: four days since the crossing.
    expect(await linesOf(files('It was four days since the crossing, and the glass was falling.'), 'elapsed_time_mismatch')).toEqual([]);
    expect(await linesOf(files('It was ten days since the crossing, and the glass was falling.'), 'elapsed_time_mismatch')).toEqual([3]);
  });
});

describe('3. counts of a whole the notes count', () => {
  it('reads "all six of her holds" and a note’s field line "holds: 5"', async () => {
    const ship = (line: string) => ({
      'Compendium/Lore/Ships.md': '# Ships\n\n- holds: 5 (three forward, two aft)',
      'Story/09 The Launch.md': chapter('The Launch', `She went down the ways with ${line} ringing like bells.`),
    });
    expect(await linesOf(ship('all six of her holds'), 'canon_fact_contradiction')).toEqual([3]);
    expect(await linesOf(ship('all five of her holds'), 'canon_fact_contradiction')).toEqual([]);
    expect(await linesOf(ship('two of her holds'), 'canon_fact_contradiction')).toEqual([]);
  });
});

describe('4. an outline as a nested list by part, "Ch 1, Monday 3 March 1884: …"', () => {
  it('reads each nested item as a dated chapter entry of its part', () => {
    const outline = parseOutline({ path: 'Story/Outline.md', lines: ['# Outline', '', '- Part One', '  - Ch 1, Monday 3 March 1884: The fume on the Row.', '  - Ch 2, Wednesday 5 March 1884: Agnes at the Mission.', '- Part Two', '  - Ch 4, Saturday 15 March 1884: Jacob found.'] });
    expect(outline.entries.map((entry) => [entry.number, entry.fields.when?.value, outline.acts[entry.actIndex]?.number])).toEqual([
      [1, 'Monday 3 March 1884', 1],
      [2, 'Wednesday 5 March 1884', 1],
      [4, 'Saturday 15 March 1884', 2],
    ]);
  });
});

describe('5. the dead doing something, said in any progressive form', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Ada Kemp.md': '# Ada Kemp\n\nKnown to everyone as Granny Kemp. Dies in her sleep in chapter 1.',
    'Story/01 Night.md': chapter('Night', 'Granny Kemp died before morning.'),
    'Story/02 Raid.md': chapter('Raid', line),
  });
  it('finds "was yelling", and is quiet on "was lying"', async () => {
    expect(await linesOf(book('Granny Kemp was yelling at the children to get down under the bins.'), 'dead_character_acts')).toEqual([3]);
    expect(await linesOf(book('Granny Kemp was lying in the chapel at Brockhurst.'), 'dead_character_acts')).toEqual([]);
  });
});

describe('6. a timeline of ISO dates with the weekday in brackets', () => {
  it('reads "2019-04-13 (Sat) ch 1 - …" as chapter 1 on that day, and leaves a backstory line alone', () => {
    const outline = parseOutline({ path: 'Story/Outline.md', lines: ['1987-07-18 (Sat) - Derek loses the top of his finger.', '2019-04-13 (Sat) ch 1 - Pager goes at the school fair.', '2019-04-17 (Wed) ch 2 - Night search.'] });
    expect(outline.entries.map((entry) => [entry.number, entry.fields.when?.value])).toEqual([
      [1, '2019-04-13 (Sat)'],
      [2, '2019-04-17 (Wed)'],
    ]);
  });
});

describe('7. a count that changes as the story goes', () => {
  const book = (...lines: string[]) => ({
    'Compendium/Places/Derrylea.md': '# Derrylea\n\nThe out-farm on the edge of the bog. Seven yearling heifers out-wintered there.',
    ...Object.fromEntries(lines.map((line, index) => [`Story/0${index + 1} Derrylea.md`, chapter(`Derrylea ${index + 1}`, `At Derrylea, out on the edge of the bog, the gate was padlocked. ${line}`)])),
  });
  it('is quiet when the book counts the heifers three ways and never as the notes do', async () => {
    expect(await linesOf(book('Four yearling heifers stood at the gate.', 'Three yearling heifers were left after the mart.', 'Three yearling heifers came up to the wire.'), 'canon_fact_contradiction')).toEqual([]);
  });
  it('still finds a count that is wrong the same way each time, or wrong once', async () => {
    expect(await linesOf(book('Four yearling heifers stood at the gate.'), 'canon_fact_contradiction')).toEqual([3]);
    expect(await linesOf(book('Four yearling heifers stood at the gate.', 'Four yearling heifers came up to the wire.'), 'canon_fact_contradiction')).toEqual([3, 3]);
  });
});
