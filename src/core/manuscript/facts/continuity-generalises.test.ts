/**
 * The continuity model on small manuscripts written for each rule: the finding a writer needs, and
 * the look-alikes that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { continuityFindings } from '../../testing/continuity-kit.js';
import { MemoryWorkspace } from '../../testing/memory-workspace.js';
import { loadManuscriptSnapshot } from '../snapshot.js';
import { analyseContinuity } from './continuity-model.js';

const findingsOf = continuityFindings;

describe('hair colour in a chapter told in the first person', () => {
  it('never gives the narrator a "her" nobody in reach can take, nor a colour just put on', async () => {
    const found = await findingsOf({
      'Compendium/Characters/Rosa Quint.md': '# Rosa Quint\n\nThe narrator. She has red hair and a loud laugh.',
      'Compendium/Characters/Bea Lomax.md': '# Bea Lomax\n\nRuns the bakery. Her hair is grey.',
      'Story/01 Flour.md': [
        '# Flour',
        '',
        'I came in at six. Bea Lomax was already at the ovens, and I took my apron from the hook.',
        '',
        '"You look tired," I said.',
        '',
        '"Never mind me."',
        '',
        'She ties a scarf over her new black hair and goes back to the dough.',
        '',
        'Later she pushed back her brown hair and laughed at me.',
        '',
        'At noon Bea Lomax shook out her brown hair in the yard.',
      ].join('\n'),
    });
    expect(found.filter((finding) => finding.kind === 'hair_colour_mismatch').map((finding) => finding.line)).toEqual([13]);
  });
});

describe('a fixed mark on one side, told a few paragraphs after its owner is named', () => {
  const cards = {
    'Compendium/Characters/Abel Strand.md': '# Abel Strand\n- Eyes: blue\n- Lost two fingers from his right hand in the sawmill\n- A burn scar on his left forearm',
    'Compendium/Characters/Kit Morrow.md': '# Kit Morrow\n\nShe keeps the books. A mole on her right cheek.',
  };
  const chapter = (...paragraphs: string[]) => ({ ...cards, 'Story/02 Sawdust.md': ['# Sawdust', ...paragraphs].join('\n\n') });
  const marks = async (files: Record<string, string>) => (await findingsOf(files)).filter((finding) => finding.kind === 'fixed_trait_mismatch').map((finding) => finding.line);

  it('binds "his" across a line of dialogue to the one man named just before, against a mark in a card\'s list', async () => {
    const found = await marks(chapter('Abel Strand came in from the yard and hung up his coat.', '"Tea?"', '"Later."', 'He rolled his sleeve back; the burn scar on his right forearm had gone white in the cold.'));
    expect(found).toEqual([9]);
    expect(await marks(chapter('Abel Strand came in from the yard.', '"Well?"', 'He held the saw with the missing fingers of his left hand.'))).toEqual([7]);
  });

  it('stays quiet when two men could be meant, when the side agrees, or when it is someone else\'s mark', async () => {
    const rival = { ...cards, 'Compendium/Characters/Joss Kell.md': '# Joss Kell\n\nHe drives the lorry. His hair is black.' };
    expect(await marks({ ...rival, 'Story/02 Sawdust.md': ['# Sawdust', 'Abel Strand and Joss Kell came in from the yard.', '"Tea?"', '"Later."', 'He rolled his sleeve back; the burn scar on his right forearm had gone white.'].join('\n\n') })).toEqual([]);
    expect(await marks(chapter('Abel Strand came in from the yard.', '"Tea?"', '"Later."', 'He rolled his sleeve back; the burn scar on his left forearm had gone white.'))).toEqual([]);
    expect(await marks(chapter('Kit Morrow looked up from the ledger.', '"Late again."', 'Abel Strand shrugged.', 'She touched the mole on her right cheek.', 'The foreman had a burn scar on his right forearm, and a worse temper.'))).toEqual([]);
  });
});

describe('nicknames the prose teaches', () => {
  const cards = {
    'Compendium/Characters/Philippa Dunmore.md': '# Philippa Dunmore\n\n- Eye colour: grey\n- Hair: black\n\nShe runs the ferry. Her brother is Cal.',
    'Compendium/Characters/Cal Dunmore.md': '# Cal Dunmore\n\nHe fishes. He has brown eyes.',
  };
  const eyes = async (...paragraphs: string[]) =>
    (await findingsOf({ ...cards, 'Story/01 Ferry.md': ['# Ferry', ...paragraphs].join('\n\n') })).filter((finding) => finding.kind === 'eye_colour_mismatch').map((finding) => finding.line);

  it('learns a nickname given after a line of dialogue, or with "whom everyone called", and checks what is said of it', async () => {
    expect(await eyes('Philippa Dunmore stepped off the ferry with one bag.', 'She waited on the slip.', '"Pip," Cal Dunmore said. Pip, her brother still called her, though no one else did. "You came."', "Pip's blue eyes went to the boat.")).toEqual([9]);
    expect(await eyes('It was Philippa Dunmore, whom the whole quay called Flick, who took the rope.', "Three days later Flick's blue eyes were on the rope again.")).toEqual([5]);
  });

  it('learns "To the quay she was always Flick" by the name or the pronoun before it, but not a name that goes on', async () => {
    expect(await eyes('To the whole quay Philippa Dunmore was always Flick.', "Flick's blue eyes went to the boat.")).toEqual([5]);
    expect(await eyes('Philippa Dunmore came down the slip. To the ferrymen she was simply Flick.', "Flick's blue eyes went to the boat.")).toEqual([5]);
    expect(await eyes('To the ferrymen Philippa Dunmore was Flick Dunmore\'s girl.', "Flick's blue eyes went to the boat.")).toEqual([]);
  });

  it('does not take a word of address or a name the speaker gives himself for a nickname', async () => {
    expect(await eyes('Philippa Dunmore stepped off the ferry.', '"Love," Cal Dunmore said. "You came."', "Cal's brown eyes went to the boat.")).toEqual([]);
    expect(await eyes('Cal Dunmore, whom the quay called Dolly, mended nets.', 'Dolly looked up, his brown eyes tired.')).toEqual([]);
  });
});

describe('a death told only in the prose, and the dead acting later', () => {
  const cards = {
    'Compendium/Characters/Aldo Brisk.md': '# Aldo Brisk\n\nHe keeps the mill. His hands are always floury.',
    'Compendium/Characters/Wenna Hale.md': '# Wenna Hale\n\nShe delivers the post. Her bicycle is red.',
  };
  const book = (first: string[], second: string[]) => ({
    ...cards,
    'Story/01 The Wheel.md': ['# The Wheel', ...first].join('\n\n'),
    'Story/02 After.md': ['# After', ...second].join('\n\n'),
  });
  const dead = async (first: string[], second: string[]) =>
    (await findingsOf(book(first, second))).filter((finding) => /dead_character/.test(finding.kind)).map((finding) => `${finding.path.includes('After') ? 2 : 1}:${finding.line}`);
  const death = ['Wenna Hale found the mill door open and went in.', 'Aldo Brisk lay under the wheel. She knelt and turned him over, and he was dead.'];

  it('finds the dead acting by name, after a pronoun death, a "found … dead" or a burial', async () => {
    expect(await dead(death, ['The next week Aldo Brisk climbed the ladder to the loft.'])).toEqual(['2:3']);
    expect(await dead(['Wenna Hale found Aldo Brisk dead by the race.'], ['"Morning," said Aldo Brisk, at the gate.'])).toEqual(['2:3']);
    expect(await dead(['Aldo Brisk had been ill all winter.', 'They buried him on the Friday, in the rain.'], ['Aldo Brisk poured two glasses of cider.'])).toEqual(['2:3']);
  });

  it('finds the dead seen or heard doing something, the verb bare after the name', async () => {
    expect(await dead(death, ['At dusk Wenna Hale saw Aldo Brisk cross the yard with a sack.'])).toEqual(['2:3']);
    expect(await dead(death, ['I can hear Aldo Brisk laugh in the loft, plain as day.'])).toEqual(['2:3']);
  });

  it('stays quiet when the dead can no longer be seen or heard so', async () => {
    expect(await dead(death, ["Wenna Hale knew she would never see Aldo Brisk cross the yard again."])).toEqual([]);
    expect(await dead(death, ["She'll not hear Aldo Brisk laugh at the flood."])).toEqual([]);
    expect(await dead(death, ['Wenna Hale saw Aldo Brisk go down under the wheel, over and over, in her dreams.'])).toEqual([]);
    expect(await dead(death, ['Wenna Hale saw Aldo Brisk at the funeral in her mind.'])).toEqual([]);
  });

  it('finds the dead acting as "he" right after being named in passing', async () => {
    expect(await dead(death, ["Aldo Brisk's cart stood at the door, and he waved from the seat."])).toEqual(['2:3']);
    expect(await dead(death, ["Aldo Brisk's brother stood at the door, and he waved from the seat."])).toEqual([]);
  });

  it('stays quiet for the dead remembered, written of, or supposed, and for deaths only feared or figurative', async () => {
    expect(await dead(death, ['Wenna remembered how Aldo Brisk laughed at the flood.', "Aldo Brisk's letter lay on the table.", 'If Aldo Brisk walked in now, she would scream.'])).toEqual([]);
    expect(await dead(['Aldo Brisk came home late. He was dead tired and went to bed.'], ['Aldo Brisk climbed the ladder to the loft.'])).toEqual([]);
    expect(await dead(['Aldo Brisk had not come home. Wenna feared he was dead.'], ['Aldo Brisk climbed the ladder to the loft.'])).toEqual([]);
    expect(await dead(death, ['Wenna Hale climbed the ladder to the loft, and she swept it out.'])).toEqual([]);
    expect(await dead(['Aldo Brisk sat down heavily. Wenna Hale laid her hand on his arm, and he buried his face in his hands.'], ['Aldo Brisk climbed the ladder to the loft.'])).toEqual([]);
  });

  it('stays quiet for the dead heard or seen through a recording, but not for the dead acting beside a screen', async () => {
    expect(await dead(death, ['"Keep the sluice shut," said Aldo Brisk on the screen, and the picture jumped.'])).toEqual([]);
    expect(await dead(death, ["Wenna played it twice. Aldo Brisk's voice on the old cassette said the wheel needed greasing."])).toEqual([]);
    expect(await dead(death, ['She watched the recording of Aldo Brisk until the battery died.'])).toEqual([]);
    expect(await dead(death, ['In the video Aldo Brisk laughs and waves his cap.'])).toEqual([]);
    expect(await dead(death, ['"Do not sell the mill," Aldo Brisk\'s note says, in pencil.'])).toEqual([]);
    expect(await dead(death, ['Aldo Brisk leaned over the desk to read the numbers on the screen.'])).toEqual(['2:3']);
    expect(await dead(death, ['Aldo Brisk picked up the tape measure and climbed the ladder.'])).toEqual(['2:3']);
  });

  it('does not read a pronoun death as the death of one who speaks or acts after it in the chapter', async () => {
    const carried = ['Aldo Brisk went out to the sluice at four.', 'At dusk Wenna Hale and two eel-men carried him in on a hurdle.', 'He was dead.'];
    const cardsWithTam = { ...cards, 'Compendium/Characters/Tam Rudd.md': '# Tam Rudd\n\nHe keeps the lock. He is loud.' };
    const found = await findingsOf({
      ...cardsWithTam,
      'Story/01 The Wheel.md': ['# The Wheel', 'Aldo Brisk went out at four.', 'At dusk Tam Rudd and two men carried him in.', 'He was dead.', '"A bad tide," said Tam Rudd.'].join('\n\n'),
      'Story/02 After.md': ['# After', 'Tam Rudd poured the tea.', 'Aldo Brisk poured the tea.'].join('\n\n'),
    });
    expect(found.filter((finding) => /dead_character/.test(finding.kind))).toEqual([]);
    expect(await dead(carried, ['Wenna Hale poured the tea.'])).toEqual([]);
  });
});

describe('the dead acting under a family title or a rank', () => {
  const cards = {
    'Compendium/Characters/Hal Penrose.md': '# Hal Penrose\n\nThe children have always called him the Skipper, because of the dinghy. He dies in chapter 1.',
    'Compendium/Characters/Edda Rusk.md': '# Edda Rusk\n\nShe runs the post office.',
  };
  const later = async (...paragraphs: string[]) =>
    (await findingsOf({ ...cards, 'Story/01 Squall.md': '# Squall\n\nThe boat came back without him.', 'Story/02 Wake.md': ['# Wake', ...paragraphs].join('\n\n') }))
      .filter((finding) => /dead_character/.test(finding.kind))
      .map((finding) => finding.line);

  it('finds the dead one acting as "Uncle" + first name or as the rank the card gives him', async () => {
    expect(await later('Uncle Hal carried the oars up from the slip.')).toEqual([3]);
    expect(await later('The Skipper sat at the head of the table and poured the rum.')).toEqual([3]);
  });

  it('stays quiet for the rank remembered, another uncle, or a rank the card does not give', async () => {
    expect(await later('Edda remembered how the Skipper used to pour the rum.')).toEqual([]);
    expect(await later('Uncle Bram carried the oars up from the slip.')).toEqual([]);
    expect(await later('The Colonel sat at the head of the table.')).toEqual([]);
  });
});

describe('"I" in dialogue is the speaker of the line', () => {
  const cards = {
    'Compendium/Characters/Nell Ashby.md': '# Nell Ashby\n\n- Eyes: grey\n\nShe keeps the lighthouse. She is the narrator.',
    'Compendium/Characters/Tom Pike.md': '# Tom Pike\n\n- Eyes: grey\n\nHe rows the supply boat. He is her cousin.',
  };
  const eyes = async (...paragraphs: string[]) =>
    (await findingsOf({ ...cards, 'Story/03 Supply.md': ['# Supply', ...paragraphs].join('\n\n') })).filter((finding) => finding.kind === 'eye_colour_mismatch').map((finding) => finding.line);

  it('binds "my"/"I" in a tagged line to the name in its tag, before or after the words', async () => {
    expect(await eyes('"Look at me. My eyes are brown, same as ever," said Tom Pike.')).toEqual([3]);
    expect(await eyes('Tom Pike shrugged and said, "I have blue eyes, like all the Pikes."')).toEqual([3]);
  });

  it('follows the turns of bare dialogue, but never gives the words to the one they address', async () => {
    expect(await eyes('"You are late," said Nell Ashby.', '"The tide," said Tom Pike.', '"Look at me, I have brown eyes in this light."', '"Blue eyes, I would say."')).toEqual([7]);
    expect(await eyes('"You are late," said Nell Ashby.', '"The tide," said Tom Pike.', '"My eyes are brown, Nell."')).toEqual([]);
    const three = { ...cards, 'Compendium/Characters/Ivo Marsh.md': '# Ivo Marsh\n\nHe mends nets. He is her uncle.' };
    const found = await findingsOf({ ...three, 'Story/03 Supply.md': ['# Supply', '"Late," said Nell Ashby.', '"Tide," said Ivo Marsh.', '"Fog," said Tom Pike.', '"Well?"', '"I have brown eyes, and so what?"'].join('\n\n') });
    expect(found.filter((finding) => finding.kind === 'eye_colour_mismatch')).toEqual([]);
  });

  it('does not take what a speaker says of someone else, nor the narrator\'s "I" for a speaker', async () => {
    expect(await eyes('"Your eyes are brown," said Tom Pike.', '"I saw her blue eyes in the window," said Tom Pike.')).toEqual([]);
    expect(await eyes('I rowed out to meet him. Tom Pike waved.', 'I have always thought my eyes were green, whatever the card says.')).toEqual([5]);
  });
});

describe('an age the speaker gives of themselves', () => {
  const ages = async (...paragraphs: string[]) =>
    (await findingsOf({
      'Compendium/Characters/Ruth Calloway.md': '# Ruth Calloway\n\n- Born: 3 May 1950\n\nShe farms sheep on the fell.',
      'Story/04 Shearing.md': ['# Shearing', 'It was Monday, 12 June 1995, and hot.', ...paragraphs].join('\n\n'),
    })).filter((finding) => /age|birth/.test(finding.kind)).map((finding) => finding.line);

  it('is checked against the birth on the card when it is her present age', async () => {
    expect(await ages('"I turned forty-one in May," said Ruth Calloway.')).toEqual([5]);
    expect(await ages('"I turned forty-five in May," said Ruth Calloway.')).toEqual([]);
    expect(await ages('"I\'m thirty-nine, whatever the parish book says," Ruth Calloway said.')).toEqual([5]);
  });

  it('is left alone when it is an age she was once', async () => {
    expect(await ages('"I was sixteen when the barn burned," said Ruth Calloway.', '"I was nine," said Ruth Calloway.')).toEqual([]);
  });
});

describe('the story year from a birth and an age said on a dated day', () => {
  const book = (...chapters: string[][]) => ({
    'Compendium/Characters/Maren Lusk.md': '# Maren Lusk\n\nThe narrator. She was born 20 April 1948 in Tarbet.',
    ...Object.fromEntries(chapters.map((paragraphs, index) => [`Story/0${index + 1} Day.md`, [`# Day ${index + 1}`, ...paragraphs].join('\n\n')])),
  });
  const ages = async (...chapters: string[][]) => (await findingsOf(book(...chapters))).filter((finding) => finding.kind === 'age_mismatch').map((finding) => `${finding.path.slice(6, 8)}:${finding.line}`);

  it('dates the chapters when nothing else gives the year, and one wrong age does not move it', async () => {
    const first = ['Tuesday, the twenty-first of April. I am thirty, and I feel it.', 'My boots were wet through and I left them by the stove.'];
    expect(await ages(first, ['Friday, the twenty-fourth of April. I was thirty-one on Monday, and nobody remembered.', 'My boots were still wet, so I went barefoot.'])).toEqual(['02:3']);
    expect(await ages(first, ['Friday, the twenty-fourth of April. I remember the summer I was nine, and the boat.', 'My boots were still wet, so I went barefoot.'])).toEqual([]);
  });
});

describe('a story year the outline sets in the future', () => {
  it('dates an age against a birth in the same far-off century, and stays quiet when it fits', async () => {
    const book = (age: string) => ({
      'Compendium/Characters/Oskar Brandt.md': '# Oskar Brandt\n\nBorn 9 April 2140, in the Kiel arcology.',
      'Story/SCN-outline.md': '# Outline\n\nSet in the winter of 2184, on the ice shelf.\n\n1. Arrival: Oskar Brandt meets the relief pilot.\n',
      'Story/01 Arrival.md': `# Arrival\n\nOskar Brandt shook the pilot's hand. He had turned ${age} that spring, and looked older.\n`,
    });
    const ages = async (age: string) => (await findingsOf(book(age))).filter((finding) => finding.kind === 'age_mismatch').map((finding) => finding.line);
    expect(await ages('forty-seven')).toEqual([3]);
    expect(await ages('forty-four')).toEqual([]);
  });
});

describe('a possessive that opens its sentence, after one person is named', () => {
  const cards = {
    'Compendium/Characters/Thomas Reed.md': '# Thomas Reed\n\nKeeps the lock. He has brown eyes.',
    'Compendium/Characters/Mair Penhallow.md': '# Mair Penhallow\n\n- Hair: auburn\n- Eyes: hazel',
    'Compendium/Characters/Ossian Vey.md': '# Ossian Vey\n\nA bargeman with brown eyes.',
  };
  const analyse = async (...paragraphs: string[]) => {
    const snapshot = await loadManuscriptSnapshot(new MemoryWorkspace({ ...cards, 'Story/03 Lock.md': ['# Lock', ...paragraphs].join('\n\n') }));
    return analyseContinuity(snapshot);
  };
  const eyeFacts = async (...paragraphs: string[]) =>
    (await analyse(...paragraphs)).facts.filter((fact) => fact.source === 'prose' && fact.attribute === 'eyes').map((fact) => [fact.card.name.value, fact.values[0], fact.certain]);

  it('binds "His" at the start of a sentence to the one man named in the sentence before, and reports the colour the card contradicts', async () => {
    expect(await eyeFacts('Thomas Reed leaned on the gate. His blue eyes followed the barge.')).toEqual([['Thomas Reed', 'blue', true]]);
    const found = (await analyse('The water rose slowly. Thomas Reed leaned on the gate. His blue eyes followed the barge.')).findings;
    expect(found.filter((finding) => finding.kind === 'eye_colour_mismatch').map((finding) => [finding.line, finding.severity])).toEqual([[3, 'error']]);
  });

  it('reaches back over a paragraph break to a paragraph of narration that ends naming one person', async () => {
    expect(await eyeFacts('Mair Penhallow counted the coins twice.', 'Her grey eyes narrowed at the last one.')).toEqual([['Mair Penhallow', 'grey', true]]);
  });

  it('binds a mid-sentence "her" to the only person the sentence names', async () => {
    expect(await eyeFacts('On the towpath Mair Penhallow shaded her green eyes against the glare.')).toEqual([['Mair Penhallow', 'green', true]]);
  });

  it('binds nothing when the sentence before names two people the pronoun could fit, and agrees when the colour matches', async () => {
    expect(await eyeFacts('Thomas Reed and Ossian Vey hauled on the rope. His blue eyes watched the gate.')).toEqual([]);
    expect(await eyeFacts('Ossian Vey spat into the cut, and Thomas Reed laughed.', 'His grey eyes creased at the corners.')).toEqual([]);
    const agreeing = await analyse('Thomas Reed leaned on the gate. His brown eyes followed the barge.');
    expect(agreeing.findings.filter((finding) => finding.kind === 'eye_colour_mismatch')).toEqual([]);
  });

  it('does not reach over a line of dialogue to the paragraph before it as if it were the sentence before', async () => {
    const facts = await eyeFacts('Thomas Reed leaned on the gate.', '"Tide\'s turning," Ossian Vey called.', 'His blue eyes followed the barge.');
    expect(facts.filter((fact) => fact[2] === true)).toEqual([]);
  });
});

describe('an age given as a bound, or as the age at a dated moment', () => {
  const book = (...paragraphs: string[]) => ({
    'Compendium/Characters/Wenna Polglase.md': '# Wenna Polglase\n\n- Born: 12 March 1869\n\nShe minds two looms at Holt Mill.',
    'Story/03 The Yard.md': ['# The Yard', 'It was Tuesday, 3 May 1887, and raining.', ...paragraphs].join('\n\n'),
  });
  const ages = async (...paragraphs: string[]) => (await findingsOf(book(...paragraphs))).filter((finding) => finding.kind === 'age_mismatch').map((finding) => finding.line);

  it('finds a bound the birth cannot meet: "not yet seventeen", "nearly sixteen", "over twenty"', async () => {
    expect(await ages('Wenna Polglase was not yet seventeen, and she had never stood up to a tackler.')).toEqual([5]);
    expect(await ages('Wenna Polglase was nearly sixteen and small for it.')).toEqual([5]);
    expect(await ages('Wenna Polglase was well over twenty, the foreman thought.')).toEqual([5]);
  });

  it('stays quiet for a bound the birth meets', async () => {
    expect(await ages('Wenna Polglase was not yet nineteen, and she had never stood up to a tackler.')).toEqual([]);
    expect(await ages('Wenna Polglase was nearly nineteen and small for it.')).toEqual([]);
    expect(await ages('Wenna Polglase was over sixteen, whatever the book said.')).toEqual([]);
  });

  it('checks a past age at the year its sentence names, and leaves an undated one alone', async () => {
    expect(await ages('Wenna Polglase was twelve when she first went in, in the spring of 1880.')).toEqual([5]);
    expect(await ages('Wenna Polglase was eleven when she first went in, in the spring of 1880.')).toEqual([]);
    expect(await ages('Wenna Polglase was twelve when she first went in, and cried all week.')).toEqual([]);
  });
});

describe('a weekday said with its date anywhere in a chapter, speech too', () => {
  const book = (line: string) => ({
    'Story/outline.md': '# Outline\n\n1. Statement: Friday 21 March 2025. Tess gives her statement.\n2. Home: Saturday 22 March 2025.\n',
    'Story/01 Statement.md': `# Statement\n\nFriday 21 March 2025. The sergeant had coffee.\n\n"Date," he says.\n\n${line}\n`,
    'Story/02 Home.md': '# Home\n\nSaturday 22 March 2025. I slept.\n',
  });
  const dated = async (line: string) => (await findingsOf(book(line))).filter((finding) => /weekday|date/.test(finding.kind)).map((finding) => finding.line);

  it('finds a weekday that does not fall on the date in the story year', async () => {
    expect(await dated('"Saturday the twenty-first of March."')).toEqual([7]);
    expect(await dated('We had met on Monday the 9th of March, in the rain.')).toEqual([7]);
  });

  it('stays quiet when the weekday fits, or the date is of another year', async () => {
    expect(await dated('"Friday the twenty-first of March."')).toEqual([]);
    expect(await dated('Her father died on Saturday the 21st of March, back in 1998.')).toEqual([]);
    expect(await dated('It had been Sunday the 16th of March when the ferry sailed.')).toEqual([]);
  });
});

describe('a hand used out of habit, and a card whose hand line says more', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Oona Brannigan.md': '# Oona Brannigan\n\n- Dominant hand: right. Scar across the left palm.\n\nChief purser.',
    'Story/02 The Bar.md': `# The Bar\n\nOona Brannigan sat at the next table. ${line}\n`,
  });
  const hands = async (line: string) => (await findingsOf(book(line))).filter((finding) => /hand/.test(finding.kind)).map((finding) => finding.line);

  it('reads the card as right-handed and finds the habit that contradicts it', async () => {
    expect(await hands('She dealt the cards with her left hand, the way she does everything.')).toEqual([3]);
    expect(await hands('She dealt the cards with her left, as always.')).toEqual([3]);
  });

  it('stays quiet for the habit that fits and for a hand used once', async () => {
    expect(await hands('She dealt the cards with her right hand, the way she does everything.')).toEqual([]);
    expect(await hands('She pushed the glass away with her left hand.')).toEqual([]);
  });
});

describe('a count whose noun is written with other words around it', () => {
  const book = (line: string) => ({
    'Compendium/Places/Harrow Lane.md': '# Harrow Lane\n\nBehind the house is the orchard: fourteen apple trees and one pear.',
    'Story/02 The Orchard.md': `# The Orchard\n\nHe came up early. ${line}\n`,
  });
  const counts = async (line: string) => (await findingsOf(book(line))).filter((finding) => finding.kind === 'canon_fact_contradiction').map((finding) => finding.line);

  it('finds "the eleven trees" in the orchard chapter against fourteen apple trees', async () => {
    expect(await counts('He looked down the rows: the eleven trees his grandfather planted.')).toEqual([3]);
  });

  it('stays quiet for the same count, or a few trees that may be some of them', async () => {
    expect(await counts('He looked down the rows: the fourteen trees his grandfather planted.')).toEqual([]);
    expect(await counts('He had pruned three trees before breakfast.')).toEqual([]);
  });
});

describe('bynames a card states, and a chapter dated only by its outline entry', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Thomas Daly.md': '# Thomas Daly\n\nThe schoolmaster at Kilbride since 1911, known to the whole parish, and to himself, as the Master. Dies on Friday 13 June 1952 (Ch. V).',
    'Compendium/Characters/Denis Foley.md': '# Denis Foley\n\nDinny to everyone. Hired man since 1946. Left-handed; forks and writes from the left.',
    'Story/outline.md': '# Timeline\n\n## Prologue — Winter 1947\n\n- Prologue: Tuesday 25 February 1947. The snow.\n\n## Part One — Summer 1952\n\n- I. The Road: Friday 13 June 1952. The Master dies.\n- II. The Wall: Monday 16 June 1952. Hay.\n',
    'Story/00 Prologue.md': '# Prologue\n\nThe snow came. Dinny Foley, who was twenty that winter, dug the lane out alone.\n',
    'Story/01 The Road.md': '# I. The Road\n\nThomas Daly died on the road below the school, and Honora knelt beside him.\n',
    'Story/02 The Wall.md': `# II. The Wall\n\n${line}\n`,
  });
  const kinds = async (line: string) => (await findingsOf(book(line))).filter((finding) => finding.path === 'Story/02 The Wall.md').map((finding) => finding.kind);

  it('finds the dead acting by the byname the card gives, and an age against one the prologue gave years before', async () => {
    expect(await kinds('"Mind the gap," the Master said, leaning on the orchard wall.')).toEqual(['dead_character_speaks']);
    expect(await kinds('Dinny was thirty and had never once been to Cork.')).toEqual(['age_mismatch']);
  });

  it('stays quiet for the byname remembered, and for an age that fits the years between', async () => {
    expect(await kinds('"A north wind for the hay," the Master always used to say.')).toEqual([]);
    expect(await kinds('Dinny was twenty-five and had never once been to Cork.')).toEqual([]);
  });
});

describe('the dead acting in a sentence that likens the act to an old habit', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Thomas Daly.md': '# Thomas Daly\n\nThe schoolmaster. Dies on Friday 13 June 1952 (Ch. 1).',
    'Story/01 The Road.md': '# The Road\n\nThomas Daly died on the road below the school.\n',
    'Story/02 The Wall.md': `# The Wall\n\n${line}\n`,
  });
  const kinds = async (line: string) => (await findingsOf(book(line))).filter((finding) => finding.path === 'Story/02 The Wall.md').map((finding) => finding.kind);

  it('finds the act, and stays quiet for the habit remembered', async () => {
    expect(await kinds('"Rain by four," Thomas Daly said, and he looked up the way he used to look at a sum.')).toEqual(['dead_character_speaks']);
    expect(await kinds('"Rain by four," Thomas Daly used to say, looking up at the sky.')).toEqual([]);
  });
});

describe('a limp on one side, and a colour a word or two after the owner', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Douwe Hellinga.md': '# Douwe Hellinga\n\nBorn 1975; blue eyes, a shock of red hair. He walks with a limp in his right leg.',
    'Story/06 Bay Nine.md': `# Bay Nine\n\nDouwe Hellinga came through the curtain at a run. ${line}\n`,
  });
  const kinds = async (line: string) => (await findingsOf(book(line))).filter((finding) => /hair|limp|mark|trait/.test(finding.kind)).map((finding) => finding.kind);

  it('finds the other leg favoured, and hair given with an adjective between', async () => {
    expect((await kinds('He crossed the floor favouring his left leg, as he always did.')).length).toBe(1);
    expect((await kinds('He ran a hand through his thick black hair.')).length).toBe(1);
  });

  it('stays quiet for the same leg and the same colour', async () => {
    expect(await kinds('He crossed the floor favouring his right leg, as he always did.')).toEqual([]);
    expect(await kinds('He ran a hand through his thick red hair.')).toEqual([]);
  });
});

describe('a quote whose beat names someone the cast does not know', () => {
  it('is not given to a known speaker by turns', async () => {
    const findings = await findingsOf({
      'Compendium/Characters/Honora Mulcahy.md': '# Honora Mulcahy\n\n- Born: 2 February 1936',
      'Story/04 Blossom.md': ['# Blossom', 'It was Wednesday, 7 May 1952.', '"Are you cold?" Honora Mulcahy asked.', '"Not a bit."', '"I\'ll say what I like. I\'m eighty-one." Granny let go of her hand.'].join('\n\n'),
    });
    expect(findings.filter((finding) => finding.kind === 'age_mismatch')).toEqual([]);
  });
});

describe('ages and colours in a table of characters, told in the present tense', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Tamsin Rowe.md': "# Tamsin Rowe\n\n- Born: 2 Feb 1869\n- Eyes: green\n- Notes: a bal-maiden; called 'Tam' on the floors",
    'Compendium/Characters/Josiah Hope.md': "# Josiah Hope\n\n- Born: 8 Nov 1834\n- Notes: mine captain, called 'the Captain' by the whole parish; dies in ch. 1",
    'Story/01 The Floors.md': '# The Floors\n\nIt is Saturday 16 April 1887. Josiah Hope dies under the fall of ground.\n',
    'Story/02 The Yard.md': `# The Yard\n\nIt is Monday 18 April 1887. ${line}\n`,
  });
  const kinds = async (line: string) => (await findingsOf(book(line))).filter((finding) => finding.path === 'Story/02 The Yard.md').map((finding) => finding.kind);

  it('finds "At nineteen she has…", "Tamsin, nineteen years old and…" and eyes "the pale grey of"', async () => {
    expect(await kinds('Tamsin Rowe stops at the gate. At nineteen she has been on the floors five years.')).toEqual(['age_mismatch']);
    expect(await kinds('There sits Tamsin, nineteen years old and tired.')).toEqual(['age_mismatch']);
    expect(await kinds("Tamsin Rowe looks up, her eyes, the pale grey of rainwater, narrowed.")).toEqual(['eye_colour_mismatch']);
  });

  it('stays quiet for the age she is, and an age once', async () => {
    expect(await kinds('Tamsin Rowe stops at the gate. At eighteen she has been on the floors five years.')).toEqual([]);
    expect(await kinds('Tamsin Rowe stops at the gate. At twelve she went on the floors.')).toEqual([]);
  });
});

describe('a weekday opening "It being …", and a measure said of the moment', () => {
  it('reads the weekday and leaves metres and degrees to their own sentence', async () => {
    const findings = await findingsOf({
      'Compendium/Places/Marrow Bay.md': '# Marrow Bay\n\nThe dock has one airlock whose outer door is 4 metres wide.',
      'Story/01 The Floors.md': '# The Floors\n\nIt being Tuesday, 16 April 1887, the floors are loud from first light. The frost is five degrees and the ice ten metres across the pond.\n',
    });
    expect(findings.map((finding) => finding.kind).filter((kind) => /weekday|canon_fact/.test(kind))).toEqual(['weekday_date_mismatch']);
  });
});

describe('a death a table note states after a semicolon, and the dead where they lie', () => {
  const book = (line: string) => ({
    'Compendium/Characters/Josiah Hope.md': "# Josiah Hope\n\n- Born: 8 Nov 1834\n- Notes: mine captain, called 'the Captain' by the whole parish; dies in ch. 1",
    'Story/01 The Floors.md': '# The Floors\n\nIt is Saturday 16 April 1887. Josiah Hope is dead on the two-hundred, under the fall of ground.\n',
    'Story/02 The Chapel.md': `# The Chapel\n\nIt is Tuesday 19 April 1887. ${line}\n`,
  });
  const kinds = async (line: string) => (await findingsOf(book(line))).filter((finding) => finding.path === 'Story/02 The Chapel.md').map((finding) => finding.kind);

  it('finds the dead acting by the byname in single quotes', async () => {
    expect(await kinds('The Captain taps the open notebook with one thick finger.')).toEqual(['dead_character_acts']);
  });

  it('stays quiet for the dead in the coffin, talked about, or leaving a thing behind before he died', async () => {
    expect(await kinds('The Captain is in the elm box six feet in front of him.')).toEqual([]);
    expect(await kinds('The preacher stands, and he talks about the Captain, and everyone understands when he says it.')).toEqual([]);
    expect(await kinds("It is the Captain's notebook, the pencil still tucked into the spine where he left it.")).toEqual([]);
  });
});

describe('outlines that point at their chapters instead of numbering themselves', () => {
  const chapters = {
    'Story/Chapters/01 Thaw.md': '# Thaw\n\nIt is Monday, March 2, 2009, and the river is breaking up.',
    'Story/Chapters/02 Ice Road.md': '# Ice Road\n\nMarta drives out before dawn.',
    'Story/Chapters/03 The Sled.md': '# The Sled\n\nThey haul the sled up the bank.',
    'Story/Chapters/04 Floes.md': '# Floes\n\nThe floes come down all night.',
  };
  const kinds = async (outline: string, extra: Record<string, string> = {}) =>
    (await findingsOf({ ...chapters, ...extra, 'Story/Outline.md': outline })).filter((finding) => /outline|beat_not_found|scene_number/.test(finding.kind));

  it('pairs beat headings with the chapters they name, a range too, and finds the one no chapter answers', async () => {
    const outline = ['# Beats', '', '### Opening Image (Ch. 1)', '', 'Monday, March 2, 2009. The thaw.', '', '### Set-Up [Chapter 2]', '', 'Marta on the ice road.', '', '### Break Into Two (Chapters 3–4)', '', 'The sled, then the floes.', '', '### Finale (Ch. 5)', '', 'Saturday, March 14, 2009. The bridge.'].join('\n');
    const found = await kinds(outline);
    expect(found.map((finding) => [finding.kind, finding.line])).toEqual([['outline_entry_without_chapter', 15]]);
  });

  it('still finds the chapter a beat sheet leaves out', async () => {
    const outline = ['### Opening (Ch. 1)', '', 'The thaw.', '', '### Road (Ch. 2)', '', 'Ice.', '', '### Floes (Ch. 4)', '', 'The river.'].join('\n');
    expect((await kinds(outline)).map((finding) => [finding.kind, finding.path])).toEqual([['chapter_without_outline_entry', 'Story/Chapters/03 The Sled.md']]);
  });

  it('quotes the first line of an entry headed by its number alone, and points at a headless chapter by its first line of prose', async () => {
    const outline = ['## Chapter 1', '', '- [x] The thaw', '', '## Chapter 2', '', '- [x] Ice road', '', '## Chapter 4', '', '- [ ] The floes', '', '## Chapter 5', '', '- [ ] Friday 13 March 2009 — the bridge goes'].join('\n');
    const found = await kinds(outline, { 'Story/Chapters/03 The Sled.md': '---\nchapter: 3\n---\nThe floes come down all night, grinding.' });
    expect(found.map((finding) => [finding.kind, finding.line, finding.quote])).toEqual([
      ['outline_entry_without_chapter', 13, '## Chapter 5 — - [ ] Friday 13 March 2009 — the bridge goes'],
      ['chapter_without_outline_entry', 4, 'The floes come down all night, grinding.'],
    ]);
  });

  it('reads the date a chapter line gives after its number, and checks the weekday against the calendar', async () => {
    const outline = ['Ch 1 - Mon 2 Mar 2009 - Thaw. The river breaks.', 'Ch 2 - Wed 4 Mar 2009 - Ice Road. Marta drives.', 'Ch 3 - Fri 5 Mar 2009 - The Sled. Hauling.', 'Ch 4 - Sat 7 Mar 2009 - Floes. All night.'].join('\n');
    const all = await findingsOf({ ...chapters, 'Story/Outline.md': outline });
    expect(all.filter((finding) => /weekday/.test(finding.kind)).map((finding) => [finding.kind, finding.path, finding.line])).toEqual([['weekday_date_mismatch', 'Story/Outline.md', 3]]);
    expect(all.filter((finding) => /outline|without/.test(finding.kind))).toEqual([]);
  });

  it('does not take a weekday said of another day of the month for the chapter\'s day', async () => {
    const outline = ['### Opening (Ch. 1)', '', 'Monday, March 2, 2009.', '', '### Road (Ch. 2)', '', 'Saturday, March 7, 2009. Marta drives.', '', '### Sled (Ch. 3)', '', 'x', '', '### Floes (Ch. 4)', '', 'y'].join('\n');
    const said = (line: string) => findingsOf({ ...chapters, 'Story/Chapters/02 Ice Road.md': `# Ice Road\n\n${line}`, 'Story/Outline.md': outline });
    expect((await said('Her brother came home on Tuesday, the third, and slept for a day.')).filter((finding) => /weekday|date_mismatch/.test(finding.kind))).toEqual([]);
    expect((await said('It is Tuesday, the seventh, and Marta drives out.')).filter((finding) => /weekday|date_mismatch/.test(finding.kind)).map((finding) => finding.kind)).not.toEqual([]);
  });
});

describe('a burial told in the present, and the dead doing what no list of verbs names', () => {
  const cards = {
    'Compendium/Characters/Amos Reed.md': '# Amos Reed\n\nHe farms the bottom land; his knees are bad. Born 1931.',
    'Compendium/Characters/Lena Reed.md': '# Lena Reed\n\nThe granddaughter. She is sixteen and her hair is red.',
  };
  const funeral = '# The Service\n\nThe pastor says Amos Reed was a patient man. Lena sits in the front pew.\n\nShe keeps listening for his cough. All through the hymn she keeps almost hearing it.\n\nThey bury him under the pecan tree behind the church.';
  const acts = async (line: string) =>
    (await findingsOf({ ...cards, 'Story/01 The Service.md': funeral, 'Story/02 Rain.md': `# Rain\n\nThe rain comes at last.\n\n${line}` })).filter((finding) => /dead_character/.test(finding.kind)).map((finding) => finding.line);

  it('reads "they bury him" as the death of the one man named a few paragraphs before, and finds him hauling the gate', async () => {
    expect(await acts('Amos hauls the pasture gate open and wedges it with a stone.')).toEqual([5]);
    expect(await acts('Amos Reed complained about the price of feed.')).toEqual([5]);
  });

  it('stays quiet for a state, a wish or a life summed up', async () => {
    expect(await acts('Amos loved this kind of rain.')).toEqual([]);
    expect(await acts('Amos would have stood out in it.')).toEqual([]);
    expect(await acts('Amos is with his wife now, the pastor said.')).toEqual([]);
  });

  it('does not reach over a second man named in between', async () => {
    const crowded = funeral.replace('She keeps listening', 'Uncle Dale Reed reads the lesson. She keeps listening');
    const found = await findingsOf({ ...cards, 'Compendium/Characters/Dale Reed.md': '# Dale Reed\n\nHe drives the grain truck; his temper is short.', 'Story/01 The Service.md': crowded, 'Story/02 Rain.md': '# Rain\n\nAmos hauls the pasture gate open.' });
    expect(found.filter((finding) => /dead_character/.test(finding.kind))).toEqual([]);
  });
});

describe('time said to have passed since a death or a funeral', () => {
  const cards = {
    'Compendium/Characters/Ivo Marsh.md': '# Ivo Marsh\n\nHe keeps bees; his beard is white.',
    'Compendium/Characters/Petra Marsh.md': '# Petra Marsh\n\nShe teaches; her hands are ink-stained.',
  };
  const outline = ['## Chapter 1', '', '- [x] Friday 6 May 2016 — the hives', '', '## Chapter 2', '', '- [x] Tuesday 10 May 2016 — funeral at St Anne\'s', '', '## Chapter 3', '', '- [ ] Saturday 14 May 2016 — the honey'].join('\n');
  const book = (third: string) => ({
    ...cards,
    'Story/Outline.md': outline,
    'Story/Chapters/01 Hives.md': '# Hives\n\nIvo Marsh went out to the hives at dawn. By noon he was dead, face down in the clover.',
    'Story/Chapters/02 Funeral.md': '# Funeral\n\nPetra Marsh stood at the back of the church.',
    'Story/Chapters/03 Honey.md': `# Honey\n\n${third}`,
  });
  const elapsed = async (third: string) => (await findingsOf(book(third))).filter((finding) => finding.kind === 'elapsed_time_mismatch').map((finding) => finding.line);

  it('finds a span since the death or the funeral that the dates cannot give', async () => {
    expect(await elapsed('He had been dead three weeks, and Petra had not opened a single hive.')).toEqual([3]);
    expect(await elapsed('It was ten days since the funeral, and the bees were swarming.')).toEqual([3]);
  });

  it('stays quiet for a span that fits, a guess, or words someone says', async () => {
    expect(await elapsed('He had been dead eight days, and Petra had not opened a single hive.')).toEqual([]);
    expect(await elapsed('It was four days since the funeral, and the bees were swarming.')).toEqual([]);
    expect(await elapsed('It felt like ten days since the funeral.')).toEqual([]);
    expect(await elapsed('"Ten days since the funeral," Petra said, "and nobody has called."')).toEqual([]);
  });
});

describe('a weekday said to fall so long after a death', () => {
  const files = (line: string) => ({
    'Compendium/Characters/Ivo Marsh.md': '# Ivo Marsh\n\nHe keeps bees; his beard is white.',
    'Story/Outline.md': ['## Chapter 1', '', '- Friday 6 May 2016 — the hives', '', '## Chapter 2', '', '- Tuesday 10 May 2016 — after'].join('\n'),
    'Story/Chapters/01 Hives.md': '# Hives\n\nIvo Marsh went out to the hives at dawn. By noon he was dead, face down in the clover.',
    'Story/Chapters/02 After.md': `# After\n\n${line}`,
  });
  const elapsed = async (line: string) => (await findingsOf(files(line))).filter((finding) => finding.kind === 'elapsed_time_mismatch').map((finding) => finding.line);

  it('finds the weekday the count cannot reach from the day of the death, and accepts the one it does', async () => {
    expect(await elapsed('We buried Ivo Marsh on the Monday, two days after we found him, in the rain.')).toEqual([3]);
    expect(await elapsed('We buried Ivo Marsh on the Monday, three days after we found him, in the rain.')).toEqual([]);
    expect(await elapsed('We buried Ivo Marsh on the Monday, about two days after he died.')).toEqual([]);
  });
});

describe('a colour someone looks at', () => {
  it('is not the looker\'s own, but her own hair still is', async () => {
    const files = (line: string) => ({
      'Compendium/Characters/Oona Brill.md': '# Oona Brill\n\nThe grandmother. Her hair is grey; she is seventy.',
      'Compendium/Characters/Kit Brill.md': '# Kit Brill\n\nThe granddaughter, nineteen. Dyes her hair.',
      'Story/01 Birthday.md': `# Birthday\n\nKit Brill came in at noon.\n\n${line}`,
    });
    const hair = async (line: string) => (await findingsOf(files(line))).filter((finding) => finding.kind === 'hair_colour_mismatch').map((finding) => finding.line);
    expect(await hair('Nineteen. Oona Brill let herself be hugged, and over the girl\'s shoulder she looked at the red hair and said nothing.')).toEqual([]);
    expect(await hair('Oona Brill let herself be hugged, and she stared at that red hair a long time.')).toEqual([]);
    expect(await hair('Oona Brill pushed back her red hair and said nothing.')).toEqual([5]);
  });
});

describe('a diary: entries numbered in their file names, dated in their headings, planned as "Entry N (date)"', () => {
  const files = (heading: string) => ({
    'Story/Outline.md': 'PLAN OF ENTRIES\n\nEntry 1 (Sun 1 Apr): Easter at the chapel.\nEntry 2 (Tue 3 Apr): the lambing.\nEntry 3 (Sat 7 Apr): market day.',
    'Story/Chapters/Entry 01 - Easter.md': '## Sunday, 1 April 1923\n\nWe walked to chapel in the rain.',
    'Story/Chapters/Entry 03 - Market.md': `${heading}\n\nFather sold two heifers.`,
  });
  const found = async (heading: string) => (await findingsOf(files(heading))).map((finding) => [finding.kind, finding.path, finding.line]);

  it('keeps the entry numbers, finds the planned entry with no page, and a heading dated on the wrong weekday', async () => {
    const all = await found('## Friday, 7 April 1923');
    expect(all).toContainEqual(['outline_entry_without_chapter', 'Story/Outline.md', 4]);
    expect(all).toContainEqual(['weekday_date_mismatch', 'Story/Chapters/Entry 03 - Market.md', 1]);
    expect(all.filter(([kind]) => kind === 'chapter_without_outline_entry')).toEqual([]);
  });

  it('stays quiet when the heading is dated rightly', async () => {
    expect((await found('## Saturday, 7 April 1923')).filter(([kind]) => /weekday|date_mismatch/.test(String(kind)))).toEqual([]);
  });
});

describe('a burial by name told in the present', () => {
  const files = (first: string) => ({
    'Compendium/Characters/Ivo Marsh.md': '# Ivo Marsh\n\nHe keeps bees; his beard is white.',
    'Story/01 Wake.md': `# Wake\n\n${first}`,
    'Story/02 After.md': '# After\n\nAt the end of the pier, Ivo Marsh lifts his cap to you.',
  });
  const dead = async (first: string) => (await findingsOf(files(first))).filter((finding) => /dead_character/.test(finding.kind)).map((finding) => finding.path);

  it('is his death, and a burial still to come is not', async () => {
    expect(await dead('They bury Ivo Marsh on the Tuesday, in the rain.')).toEqual(['Story/02 After.md']);
    expect(await dead('They will bury Ivo Marsh on the Tuesday, in the rain.')).toEqual([]);
  });
});

describe('the dead in a clause that reports a habit', () => {
  it('is no act on the page, while the same verb opening a sentence is', async () => {
    const files = (line: string) => ({
      'Compendium/Characters/Ivo Marsh.md': '# Ivo Marsh\n\nHe keeps bees; his beard is white.',
      'Story/01 Hives.md': '# Hives\n\nIvo Marsh went out to the hives at dawn. By noon he was dead, face down in the clover.',
      'Story/02 Jars.md': `# Jars\n\n${line}`,
    });
    const dead = async (line: string) => (await findingsOf(files(line))).filter((finding) => /dead_character/.test(finding.kind)).length;
    expect(await dead('Everyone on the island knew, from the windows of their houses, that Ivo Marsh collected sea glass.')).toBe(0);
    expect(await dead('Ivo Marsh collected the sea glass from the tideline.')).toBe(1);
  });
});
