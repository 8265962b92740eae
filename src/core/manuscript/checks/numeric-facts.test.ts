import { describe, expect, it } from 'vitest';
import { parseLoreFile } from '../lore.js';
import { buildNameIndex } from '../name-index.js';
import { readProse } from '../scene-prose.js';
import { parsePlaceCard } from '../cards.js';
import { cardsAsLore, extractNumericFacts, numericFactFindings } from './numeric-facts.js';

const lore = parseLoreFile({
  path: 'Compendium/Lore/LORE-light.md',
  lines: [
    '# Facts',
    '- The Skerry Light stair has 131 steps from the tower door to the lamp-room hatch.',
    '- The light was automated twelve years before Day 1; an electric motor turns the lens.',
    '- The Providence was lost on 14 November at eight o’clock.',
    '- Day 2, morning: Hester visits 3 people.',
  ],
});
const names = buildNameIndex([], []);
const findings = (text: string, strict = true) =>
  numericFactFindings(readProse({ path: 'Story/Scenes/SCN-11.md', lines: text.split('\n') }, 1, names), extractNumericFacts([lore]), strict).map((finding) => [finding.line, finding.canon?.line, finding.message]);
const severities = (text: string) =>
  numericFactFindings(readProse({ path: 'Story/Scenes/SCN-11.md', lines: text.split('\n') }, 1, names), extractNumericFacts([lore]), true).map((finding) => finding.severity);

describe('extractNumericFacts', () => {
  it('reads counts with their noun, subject and keywords, skipping dates, clock times and the timeline', () => {
    const facts = extractNumericFacts([lore]);
    expect(facts.map((fact) => [fact.line, fact.value, fact.unitStem, fact.subjectStem])).toEqual([
      [2, 131, 'step', 'stair'],
      [3, 12, 'year', 'light'],
    ]);
    expect(facts[0]!.keywordStems).toEqual(expect.arrayContaining(['stair', 'tower', 'door', 'lamp', 'room', 'hatch']));
  });
});

describe('numericFactFindings', () => {
  it('finds a contradicted count in a passage about the same thing', () => {
    const text = 'She unlocked the tower door.\n\nThey climbed the ninety steps without speaking. At the top she pushed up the hatch into the lamp room.';
    expect(findings(text)).toEqual([[3, 2, 'The scene says "ninety steps", but the lore says 131 steps: "The Skerry Light stair has 131 steps from the tower door to the lamp-room hatch."']]);
  });

  it('accepts the same count in words, and ignores counts of the same noun about other things', () => {
    expect(findings('The stair was as she remembered it: a hundred and thirty-one steps to the lamp room.')).toEqual([]);
    expect(findings('She went down ten steps to the boat.')).toEqual([]);
    expect(findings('He had kept the light for forty years.')).toEqual([]);
  });

  it('takes a count written as a guess near the noted one as agreeing, and a far guess as a warning only', () => {
    expect(findings('They climbed the tower stair, some one hundred and twenty steps, to the lamp room.')).toEqual([]);
    expect(findings('They climbed the tower stair, a hundred and forty steps or so, to the lamp room.')).toEqual([]);
    expect(findings('They climbed the tower stair, well over a hundred and twenty steps, up to the lamp room.')).toEqual([]);
    const far = findings('They climbed the tower stair, about sixty steps, up to the lamp room.');
    expect(far).toHaveLength(1);
    expect(severities('They climbed the tower stair, about sixty steps, up to the lamp room.')).toEqual(['warning']);
    expect(severities('They climbed the tower stair, exactly one hundred and twenty steps, to the lamp room.')).toEqual(['error']);
  });

  it('needs the subject in the same sentence for common units and in lenient mode', () => {
    expect(findings('The light was automated twenty years back, the motor put in to turn the lens.')).toHaveLength(1);
    const text = 'She unlocked the tower door.\n\nThey climbed the ninety steps without speaking. At the top she pushed up the hatch into the lamp room.';
    expect(findings(text, false)).toEqual([]);
  });
});

describe('cardsAsLore', () => {
  const place = (lines: string[]) => parsePlaceCard({ path: 'Compendium/Places/Fenwick Mill.md', lines });
  const counts = (lines: string[]) => extractNumericFacts(cardsAsLore([place(lines)])).map((fact) => [fact.line, fact.value, fact.unitStem, fact.text]);

  it('reads a labelled count, in front matter or in a body bullet, as the place having that many', () => {
    expect(counts(['---', 'name: Fenwick Mill', 'steps: 48 from the door to the cap', '---', 'A tower mill on the fen.'])).toEqual([
      [3, 48, 'step', 'Fenwick Mill has 48 steps from the door to the cap'],
    ]);
    expect(counts(['# Fenwick Mill', '', '- Steps: 48 from the door to the cap', '- Floors: five', '* **Tower:** 112 stairs to the cap'])).toEqual([
      [3, 48, 'step', 'Fenwick Mill has 48 steps from the door to the cap'],
      [4, 5, 'floor', 'Fenwick Mill has five floors'],
      [5, 112, 'stair', 'Fenwick Mill tower: 112 stairs to the cap'],
    ]);
  });

  it('finds the count contradicted by a chapter that names the place', () => {
    const facts = extractNumericFacts(cardsAsLore([place(['# Fenwick Mill', '- Steps: 48 from the door to the cap'])]));
    const chapter = (text: string) => numericFactFindings(readProse({ path: 'Story/Chapters/03 Up.md', lines: text.split('\n') }, 1, names), facts, true).map((finding) => [finding.line, finding.canon?.line]);
    expect(chapter('She climbed all sixty steps of Fenwick Mill in the dark.')).toEqual([[1, 2]]);
    expect(chapter('She climbed all forty-eight steps of Fenwick Mill in the dark.')).toEqual([]);
  });
});

describe('counts of a whole, distances with fractions and compounds', () => {
  const place = (name: string, body: string) => parsePlaceCard({ path: `Compendium/Places/${name}.md`, lines: [`# ${name}`, '', ...body.split('\n')] });
  const facts = extractNumericFacts(
    cardsAsLore([
      place('Hobb Barn', '- Loft: 31 rungs from the threshing floor to the hatch'),
      place('Ravensgill', 'Farmhouse on the moor. The track runs two and a half miles from the road end to the yard, between walls. Nine bedrooms, four in use.'),
      place('Kettle Cross', 'The hamlet below, half a mile from Ravensgill by the beck.'),
    ]),
  );
  const chapter = (text: string) => numericFactFindings(readProse({ path: 'Story/Chapters/05 Snow.md', lines: text.split('\n') }, 1, names), facts, true).map((finding) => finding.line);

  it('reads "two and a half miles", "half a mile", "a mile and a half" and "a four-mile track" as distances', () => {
    expect(facts.map((fact) => [fact.value, fact.unitStem])).toEqual(expect.arrayContaining([[31, 'rung'], [2.5, 'mile'], [9, 'bedroom'], [0.5, 'mile']]));
    expect(chapter('Pell trudged up the whole four-mile track from the road end to the yard.')).toEqual([1]);
    expect(chapter('The track, she knew, was a mile and a half from the road end to the yard at most.')).toEqual([1]);
    expect(chapter('The track ran two and a half miles from the road end to the yard, and it felt like ten.')).toEqual([]);
  });

  it('takes "all N <things>" as the whole the notes count, when only one note counts that thing', () => {
    expect(chapter('Jonas went up all twenty-six rungs without once looking down.')).toEqual([1]);
    expect(chapter('Jonas went up all thirty-one rungs without once looking down.')).toEqual([]);
    expect(chapter('Jonas went up six rungs and stopped.')).toEqual([]);
  });

  it('takes a place note\'s lines as about the place it is named for', () => {
    const pilot = extractNumericFacts(cardsAsLore([place('The Signal House', 'On the east pier, half a mile from the chandlery along the quay.')]));
    const found = (text: string) => numericFactFindings(readProse({ path: 'Story/Chapters/06 Fog.md', lines: text.split('\n') }, 1, names), pilot, true).map((finding) => finding.line);
    expect(found('Ada walked the mile and a half to the signal house along the quay from the chandlery.')).toEqual([1]);
    expect(found('Ada walked half a mile to the signal house along the quay from the chandlery.')).toEqual([]);
    expect(found('Ada walked two miles inland to her aunt, past the chandlery and the quay.')).toEqual([]);
  });

  it('leaves a distance of another road, or a count that agrees with one note it may be about, alone', () => {
    expect(chapter('Three miles along the road end, then the walls, then the track up to the yard.')).toEqual([]);
    expect(chapter('She walked home by the beck, and the hamlet was half a mile behind her when the snow began.')).toEqual([]);
    expect(chapter('She had counted forty sheep by the yard wall.')).toEqual([]);
  });
});

describe('a count the prose gives its owner with a possessive', () => {
  const card = parsePlaceCard({ path: 'Compendium/Places/The stable.md', lines: ['# The stable', '', 'eight boxes and a feed room, a loft above. Two ponies left.'] });
  const facts = extractNumericFacts(cardsAsLore([card]));
  const found = (text: string) => numericFactFindings(readProse({ path: 'Story/04.md', lines: text.split('\n') }, 1, names), facts, true).map((finding) => finding.message);

  it('reads a place card named in sentence case as about its place, and finds "the stable\'s five boxes"', () => {
    expect(facts.map((fact) => [fact.value, fact.unitStem, fact.nameStem])).toEqual([[8, 'box', 'stable'], [2, 'pony', 'stable']]);
    expect(found('After lunch Ada swept out the stable\'s five boxes, though the ponies stood in only two.')).toEqual(['The scene says "five boxes", but the lore says eight boxes: "eight boxes and a feed room, a loft above. Two ponies left."']);
  });

  it('stays quiet for the same count, or boxes another owner has', () => {
    expect(found('Ada swept out the stable\'s eight boxes before lunch.')).toEqual([]);
    expect(found('Ada carried the grocer\'s five boxes up the lane.')).toEqual([]);
  });
});

describe('counts of some of the things, and of another thing', () => {
  const row = parseLoreFile({
    path: 'Compendium/Lore/Chapel Row.md',
    lines: ['# Chapel Row', '', '- Chapel Row is the terrace that runs down from the chapel gate: seven cottages of dressed slate, and a chapel with galleries on three sides.', '- The terrace has nine windows on the front and five at the back.'],
  });
  const counted = (text: string) => numericFactFindings(readProse({ path: 'Story/Chapters/04 Row.md', lines: ['# Row', '', text] }, 1, names), extractNumericFacts([row]), true).map((finding) => finding.line);

  it('leaves "the two end cottages" and "the two sides of the room", and reports the whole said wrong', () => {
    expect(counted('Chapel Row had nine chimneys, because the two end cottages of the terrace had bread ovens built on at the back.')).toEqual([]);
    expect(counted('In the chapel the pen hung in the air between the two sides of the room, and nobody took it.')).toEqual([]);
    expect(counted('The terrace had five cottages of dressed slate running down from the chapel gate.')).toEqual([3]);
  });

  it('still counts a part the notes count themselves', () => {
    expect(counted('The terrace showed its seven front windows to the chapel gate.')).toEqual([3]);
  });
});
