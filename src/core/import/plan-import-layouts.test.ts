import { describe, expect, it } from 'vitest';
import { sourceDocument, planFolder, plannedContent } from '../testing/import-plan-kit.js';
import type { ImportPlan } from './plan-import.js';

const scene = (name: string, sentences = 6) =>
  Array.from({ length: sentences }, (_, index) => `${name} crossed the yard for the ${index + 1}th time, listening to the rain on the slates and the dog barking down by the gate.`).join(' ');
const talk = (name: string) => `"Is it done?" ${name} asked.\n\n"Nearly," said the other, and did not look up.`;

const doc = sourceDocument;
const plan = planFolder;
const paths = (result: ImportPlan) => result.files.map((file) => file.path).sort();
const content = plannedContent;

describe('importing notes kept in one file', () => {
  it('splits a top-level notes file named for notes into one card per section, each by its own words', () => {
    const setting = doc(
      'setting.md',
      [
        '# Setting',
        '',
        '## Marrowby',
        '',
        `A fishing village on the north shore, twelve miles from the county town. ${scene('Nobody', 4)}`,
        '',
        '## The Drowned Bell',
        '',
        'A pub on the harbour road with six rooms upstairs, built in 1790.',
        '',
        '## Agnes Thorley',
        '',
        'The landlady. She is fifty-one, with grey eyes and red hair, and she was born in the pub.',
      ].join('\n'),
    );
    const result = plan(setting, doc('Draft/01 Ashore.md', `${scene('Agnes')}\n\n${talk('Agnes')}`));
    expect(paths(result)).toEqual([
      'Compendium/Characters/Agnes Thorley.md',
      'Compendium/Places/Marrowby.md',
      'Compendium/Places/The Drowned Bell.md',
      'Story/Chapters/01 Ashore.md',
    ]);
  });

  it('splits an unnamed file of short sections about people and places, but never a chapter', () => {
    const folk = doc('folk.md', '## Wendell Pike\n\nHe is thirty, left-handed, with brown hair.\n\n## Orla Pike\n\nHis sister. She has green eyes and works at the mill.\n\n## Pike Mill\n\nA mill on the river, two miles south of the village.');
    expect(paths(plan(folk))).toEqual(['Compendium/Characters/Orla Pike.md', 'Compendium/Characters/Wendell Pike.md', 'Compendium/Places/Pike Mill.md']);
    // Scene breaks inside a chapter are headings too: the chapter stays whole.
    const breaks = doc('The Lighthouse.md', `# The Lighthouse\n\n## I\n\n${scene('Hal')}\n\n${talk('Hal')}\n\n## II\n\n${scene('Hal')}\n\n## Morning\n\n${scene('June')}`);
    expect(paths(plan(breaks))).toEqual(['Story/Chapters/01 The Lighthouse.md']);
    const world = doc('The World.md', `# The World\n\n## Before\n\n${scene('Ada', 8)}\n\n${talk('Ada')}\n\n## After\n\n${scene('Ada', 8)}\n\n${talk('Ben')}`);
    expect(paths(plan(world))).toEqual(['Story/Chapters/01 The World.md']);
    const numbered = doc('Book/07 Salt.md', `# Salt\n\n## Nell Fairbrook\n\nShe is old and has grey eyes.\n\n## The Quay\n\nA quay two miles from town.`);
    expect(paths(plan(numbered))).toEqual(['Story/Chapters/07 Salt.md']);
  });

  it('makes one card per row of a character table, with labelled fields', () => {
    const cast = doc('Cast.md', '# Cast\n\n| Name | Age | Eyes | Hair | Notes |\n|---|---|---|---|---|\n| Juno Raske | 34 | hazel | black | pilot |\n| **Teo Brandt** | 61 | blue | white | the harbourmaster |\n');
    const result = plan(cast);
    expect(paths(result)).toEqual(['Compendium/Characters/Juno Raske.md', 'Compendium/Characters/Teo Brandt.md']);
    expect(content(result, 'Compendium/Characters/Teo Brandt.md')).toBe('# Teo Brandt\n\n- Age: 61\n- Eyes: blue\n- Hair: white\n- Notes: the harbourmaster\n');
    const unlabelled = doc('notes/who.md', '| Character | Born | Eye colour |\n| :-- | :-- | :-- |\n| Ida Moen | 1901 | grey |\n| Per Moen | 1899 | brown |');
    expect(plan(unlabelled).files.map((file) => `${file.kind} ${file.path}`)).toEqual(['character Compendium/Characters/Ida Moen.md', 'character Compendium/Characters/Per Moen.md']);
  });

  it('makes one place card per bullet of a places list, in either form', () => {
    const bold = doc('Locations.md', '# Locations\n\n- **Carrick Sound** — the strait between the islands, eight miles wide.\n- **Fenwick Farm**: a sheep farm above the bay.\n  Forty acres.\n');
    const result = plan(bold);
    expect(paths(result)).toEqual(['Compendium/Places/Carrick Sound.md', 'Compendium/Places/Fenwick Farm.md']);
    expect(content(result, 'Compendium/Places/Fenwick Farm.md')).toContain('Forty acres.');
    const plain = doc('places.txt', '- Dunmore: the market town, four miles east.\n- Ballyheigue Strand: a long beach below the cliffs.\n- The Rectory: where the vicar lives.');
    expect(paths(plan(plain))).toEqual(['Compendium/Places/Ballyheigue Strand.md', 'Compendium/Places/Dunmore.md', 'Compendium/Places/The Rectory.md']);
    // A card's own fields are not a list of cards.
    const card = doc('Notes/Characters/Mina.md', '# Mina\n\n- Eyes: brown\n- Age: 12\n- Hair: fair');
    expect(paths(plan(card))).toEqual(['Compendium/Characters/Mina.md']);
  });

  it('reads #character and #place tags in the text, and a card named by a first name only', () => {
    const result = plan(doc('Rosa.md', 'Rosa #character\n\nQuick to laugh.'), doc('Quarry.md', '#place\n\nThe old pit.'));
    expect(result.files.map((file) => `${file.kind} ${file.path}`).sort()).toEqual(['character Compendium/Characters/Rosa.md', 'place Compendium/Places/Quarry.md']);
  });

  it('splits groups of people into one card each, but not the parts of one card', () => {
    const crew = doc(
      'Crew.md',
      '# Crew\n\n## Officers\n\n### Hana Iwu\n\nCaptain. She has brown eyes.\n\n### Piet Vos\n\nFirst mate, forty, left-handed.\n\n## Passengers\n\n### Lotte Smit\n\nA widow from Delft. Grey hair.\n\n### Ravi Sen\n\nThe cook; he is twenty-two.',
    );
    expect(paths(plan(crew))).toEqual(['Compendium/Characters/Hana Iwu.md', 'Compendium/Characters/Lotte Smit.md', 'Compendium/Characters/Piet Vos.md', 'Compendium/Characters/Ravi Sen.md']);
    const cast = doc('cast.md', '## Mara Quill\n\n### Appearance\n\nGrey eyes, red hair.\n\n### Background\n\nBorn in 1950 on the island.\n\n## Tom Quill\n\nHer brother. He is sixty.');
    const result = plan(cast);
    expect(paths(result)).toEqual(['Compendium/Characters/Mara Quill.md', 'Compendium/Characters/Tom Quill.md']);
    expect(content(result, 'Compendium/Characters/Mara Quill.md')).toContain('Born in 1950');
  });

  it('splits a notes file grouped under top headings into the entries of each group', () => {
    const bible = doc(
      'Story Bible.md',
      '# People\n\n## Odile Marchand\n\nThe innkeeper.\n\n## Bastien\n\nHer son.\n\n# Places\n\n## Le Vieux Port\n\nThe old harbour.\n\n## Rue Basse\n\nThe lower street.',
    );
    expect(plan(bible).files.map((file) => `${file.kind} ${file.path}`).sort()).toEqual([
      'character Compendium/Characters/Bastien.md',
      'character Compendium/Characters/Odile Marchand.md',
      'place Compendium/Places/Le Vieux Port.md',
      'place Compendium/Places/Rue Basse.md',
    ]);
  });

  it('weighs a note named like a person or a place by its words', () => {
    const result = plan(doc('Notes/Maisie.md', '# Maisie\n\nDaniel\'s daughter, nine. She has her mother\'s brown eyes.'), doc('Notes/Ideas.md', '- a drowned bell\n- the storm'));
    expect(result.files.map((file) => `${file.kind} ${file.path}`).sort()).toEqual(['character Compendium/Characters/Maisie.md', 'lore Compendium/Lore/Ideas.md']);
    const kept = plan(doc('Lore/Old Tom.md', '# Old Tom\n\nThe ghost. He has white hair and she saw him on the stair.'), doc('NOTES.md', 'She said he was born here.'));
    expect(kept.files.map((file) => file.kind)).toEqual(['lore', 'lore']);
  });

  it('keeps a table or the word "Chapter" inside a chapter as prose', () => {
    const chapter = doc(
      'Manuscript/03 Accounts.md',
      `# Accounts\n\n${scene('Mara')}\n\n| Name | Owed |\n|---|---|\n| Quill | 3s |\n| Hobb | 5s |\n\nChapter two of her life began that night, she thought, and ${scene('Mara', 2)}\n\n${talk('Mara')}`,
    );
    expect(paths(plan(chapter))).toEqual(['Story/Chapters/03 Accounts.md']);
  });
});

describe('importing a whole novel in one file', () => {
  it('splits at chapter headings of any form, in order, with their titles, and leaves out bare part headings', () => {
    const forms = [
      ['## Chapter 1: The Ferry', '## Chapter 2: Low Water', '## Chapter 3: The Bell'],
      ['# Chapter One', '# Chapter Two', '# Chapter Three'],
      ['CHAPTER ONE', 'CHAPTER TWO', 'CHAPTER THREE'],
      ['Chapter 1', 'Chapter 2', 'Chapter 3'],
    ];
    for (const headings of forms) {
      const text = ['My Novel', 'by A. Writer', '', 'PART ONE', '', ...headings.flatMap((heading, index) => [heading, '', scene(`Ned${index}`), '', talk('Ned'), ''])].join('\n');
      const result = plan(doc('novel.md', text));
      expect(result.files.map((file) => file.kind)).toEqual(['chapter', 'chapter', 'chapter']);
      expect(result.files[1]!.content).toContain('Ned1 crossed');
      expect(result.files[2]!.content.startsWith(`# ${headings[2]!.replace(/^#+\s*/, '')}\n`)).toBe(true);
      expect(result.skipped.map((item) => item.reason)).toContain('a part heading without text of its own');
    }
    const nextLine = plan(doc('draft.txt', `CHAPTER ONE\n\nThe Ferry\n\n${scene('Ned')}\n\n${talk('Ned')}\n\nCHAPTER TWO\n\n${scene('Ned')}\n\n${talk('Ned')}\n`));
    expect(paths(nextLine)).toEqual(['Story/Chapters/01 The Ferry.md', 'Story/Chapters/02 CHAPTER TWO.md']);
    const titled = plan(doc('book.txt', `Chapter 1: The Ferry\n\n${scene('Ned')}\n\n${talk('Ned')}\n\nChapter 2 — Low Water\n\n${scene('Ned')}\n\n${talk('Ned')}\n`));
    expect(paths(titled)).toEqual(['Story/Chapters/01 The Ferry.md', 'Story/Chapters/02 Low Water.md']);
  });

  it('numbers chapters on when each part starts again at one', () => {
    const text = ['PART ONE', '', 'Chapter 1', '', scene('Ada'), '', talk('Ada'), '', 'Chapter 2', '', scene('Ben'), '', talk('Ben'), '', 'PART TWO', '', 'Chapter 1', '', scene('Cy'), '', talk('Cy')].join('\n');
    const result = plan(doc('manuscript.md', text));
    expect(result.files.map((file) => file.path)).toEqual(['Story/Chapters/01 Chapter 1.md', 'Story/Chapters/02 Chapter 2.md', 'Story/Chapters/03 Chapter 1.md']);
    expect(result.files[2]!.content).toContain('Cy crossed');
  });
});

describe('outlines and acts', () => {
  it('takes a dated timeline as the outline only when there is no other', () => {
    const timeline = doc('Timeline.md', '# Timeline\n\n- Tue 3 May 1887 — Chapter 1: The Fair. Rain.\n- Wed 4 May 1887 — Chapter 2: The Well.\n- Fri 6 May 1887 — Chapter 3: Flight.\n');
    expect(plan(timeline).files.map((file) => `${file.kind} ${file.path}`)).toEqual(['outline Story/Outline.md']);
    const withOutline = plan(timeline, doc('Outline.md', '1. The Fair\n2. The Well\n3. Flight'));
    expect(withOutline.files.map((file) => `${file.kind} ${file.origin}`).sort()).toEqual(['lore Timeline.md', 'outline Outline.md']);
    const diary = doc('dates.md', '- 3 March: dentist\n- 9 March: bills');
    expect(plan(diary).files.map((file) => file.kind)).toEqual(['lore']);
  });

  it('orders scenes in act folders by act, whether the numbers run on or start again', () => {
    const running = plan(
      doc('Book/Act Two/Scene 04 - Storm.md', scene('Ada')),
      doc('Book/Act One/Scene 01 - Calm.md', scene('Ada')),
      doc('Book/Act One/Scene 02 - Wind.md', scene('Ada')),
      doc('Book/Act Two/Scene 03 - Rain.md', scene('Ada')),
    );
    expect(running.files.map((file) => file.path)).toEqual(['Story/Chapters/01 Calm.md', 'Story/Chapters/02 Wind.md', 'Story/Chapters/03 Rain.md', 'Story/Chapters/04 Storm.md']);
    const restarting = plan(doc('Book/Act 2/Scene 01 - Storm.md', scene('Ada')), doc('Book/Act 1/Scene 01 - Calm.md', scene('Ada')), doc('Book/Act 1/Scene 02 - Wind.md', scene('Ada')));
    expect(restarting.files.map((file) => file.path)).toEqual(['Story/Chapters/01 Calm.md', 'Story/Chapters/02 Wind.md', 'Story/Chapters/03 Storm.md']);
  });
});

describe('a story bible with a section per kind', () => {
  const bible = (outlineHeading: string) =>
    doc(
      'Story Bible.md',
      [
        '# Characters',
        '',
        '**Dr. Ansel Vrij** (Ans to his sister) is sixty, born in Hoorn on 2 May 1963; brown eyes, right-handed.',
        '',
        '**Pieke Vrij** is his sister, fifty-four, born in Hoorn on 9 June 1969; grey eyes, a scar on her left cheek.',
        '',
        '# Places',
        '',
        '- **The Weir House** — the keeper\'s cottage by the sluice, with four rooms.',
        '- **Lutkemeer** — the village, a twenty-minute walk along the dyke.',
        '',
        `# ${outlineHeading}`,
        '',
        '### Chapter 1 — The Sluice',
        '',
        'Monday, the second of October 2023. Ansel opens the sluice and finds the eel traps cut.',
        '',
        '### Chapter 2 — The Dyke',
        '',
        'Tuesday, the third of October 2023. Pieke walks the dyke to Lutkemeer and back.',
      ].join('\n'),
    );
  const chapters = [doc('Chapter 1.txt', `ONE: THE SLUICE\n\n${scene('Ansel')}\n\n${talk('Ansel')}`), doc('Chapter 2.txt', `TWO: THE DYKE\n\n${scene('Pieke')}\n\n${talk('Pieke')}`)];

  it('becomes the outline, one card per bold-named person and per bulleted place, and never chapters', () => {
    for (const heading of ['Chronology', 'Outline', 'Timeline']) {
      const result = plan(bible(heading), ...chapters);
      expect(paths(result)).toEqual([
        'Compendium/Characters/Dr. Ansel Vrij.md',
        'Compendium/Characters/Pieke Vrij.md',
        'Compendium/Places/Lutkemeer.md',
        'Compendium/Places/The Weir House.md',
        'Story/Chapters/01 Chapter 1.md',
        'Story/Chapters/02 Chapter 2.md',
        'Story/Outline.md',
      ]);
      expect(content(result, 'Story/Outline.md')).toContain('### Chapter 2 — The Dyke');
      expect(content(result, 'Compendium/Characters/Pieke Vrij.md')).toContain('born in Hoorn on 9 June 1969');
    }
  });

  it('leaves a novel alone when one of its chapters is called "Timeline"', () => {
    const novel = doc('Book.md', ['# Chapter 1: Timeline', '', scene('Ansel'), '', talk('Ansel'), '', '# Chapter 2: Characters', '', scene('Pieke'), '', talk('Pieke')].join('\n'));
    expect(paths(plan(novel))).toEqual(['Story/Chapters/01 Timeline.md', 'Story/Chapters/02 Characters.md']);
  });
});

describe('a timeline whose entries name the chapter before the date', () => {
  it('is the outline when the book has no other', () => {
    const timeline = doc(
      'bible/timeline.md',
      [
        '# Timeline',
        '',
        '## Prologue — Winter 1947',
        '',
        '- Prologue: Tuesday 25 February 1947. The big snow.',
        '',
        '## Part One — Spring 1952',
        '',
        '- I. The Pruning: Saturday 15 March 1952. They prune the orchard.',
        '- II. The Lower Field: Tuesday 8 April 1952. The heifer is bogged.',
      ].join('\n'),
    );
    const result = plan(timeline, doc('manuscript/01_the-pruning.md', `# I. The Pruning\n\n${scene('Con')}`));
    expect(result.files.find((file) => file.path === 'Story/Outline.md')?.origin).toBe('bible/timeline.md');
  });
});

describe('a novel in one file with chapters headed by their number alone', () => {
  it('splits at "# One", "# Two", takes the italic line under each as its title, and reads plan.md and a cast table', () => {
    const book = doc('book.md', ['# Winter Orbit', '', '# One', '*The Docking*', '', scene('Noor'), '', talk('Noor'), '', '# Two', '*Green*', '', scene('Ade'), '', talk('Ade')].join('\n'));
    const planned = doc('plan.md', ['# Plan', '', '| # | Date | Chapter | What happens |', '|---|---|---|---|', '| 1 | Mon 5 Mar 2187 | One | The Lark docks. |', '| 2 | Wed 7 Mar 2187 | Two | Blight. |', '| 3 | Thu 8 Mar 2187 | Three | Spores. |'].join('\n'));
    const cast = doc('Characters.md', ['# Characters', '', '| Character | Born | Eyes | Hair |', '|---|---|---|---|', '| Noor Haddad | 2154-01-09 | brown | black |', '| Ade Okafor | 2160-05-02 | grey | red |'].join('\n'));
    const result = plan(book, planned, cast);
    expect(paths(result)).toEqual(['Compendium/Characters/Ade Okafor.md', 'Compendium/Characters/Noor Haddad.md', 'Story/Chapters/01 The Docking.md', 'Story/Chapters/02 Green.md', 'Story/Outline.md']);
    expect(result.skipped.map((item) => item.reason)).toContain('a title page (2 words)');
  });
});

describe('a vault whose top folders are numbered', () => {
  const card = (name: string) =>
    ['---', 'tags: [character]', `aliases: [${name.split(' ')[0]}]`, '---', `# ${name}`, '', '## Appearance', '', `${name.split(' ')[0]} has grey eyes and black hair, pinned hard.`, '', '## History', '', '- Born on 9 April 1861, in the house on Henrietta Street.', '', '## Notes', '', 'She notices things and says nothing.'].join('\n');

  it('reads "02 Characters" as characters, keeps a card’s parts in one card, and leaves loose notes out of the outline', () => {
    const result = plan(
      doc('01 Draft/Part 1/Chapter 01.md', `---\npov: Ada\n---\n## The Stairs\n\n${scene('Ada')}`),
      doc('02 Characters/Ada Pennock.md', card('Ada Pennock')),
      doc('02 Characters/Tommy Wray.md', card('Tommy Wray')),
      doc('03 Places/The Fleece.md', '# The Fleece\n\nAn inn on Church Street with four rooms to let.'),
      doc('04 Planning/Outline.md', '| Ch | Date | POV | Summary |\n|---|---|---|---|\n| 1 | Sun 14 Mar 1886 | Ada | The stairs. |\n| 2 | Mon 15 Mar 1886 | Ada | The wheels. |'),
      doc('04 Planning/Ideas.md', '---\ntags: [planning]\n---\n# Ideas\n\nLoose notes, in no order.\n\n- Jet is wood, drowned and pressed in the old sea-mud.\n- Vulcanite stinks of burnt rubber under a hot needle.'),
    );
    expect(paths(result)).toEqual([
      'Compendium/Characters/Ada Pennock.md',
      'Compendium/Characters/Tommy Wray.md',
      'Compendium/Lore/Ideas.md',
      'Compendium/Places/The Fleece.md',
      'Story/Chapters/01 The Stairs.md',
      'Story/Outline.md',
    ]);
    expect(content(result, 'Compendium/Characters/Ada Pennock.md')).toContain('## History');
  });
});

describe('plain-text notes, one entry to a line, and a table with one person to a column', () => {
  it('makes a card of each "Name (age) - …" paragraph and a place of each "Place - …" line', () => {
    const result = plan(
      doc('Draft/1.txt', `The Hundred Steps\n\n${scene('Hannah')}`),
      doc('characters.txt', 'Hannah Rigg (36) - The narrator. Grey eyes. Right-handed.\n\nDerek Staveley (58) - Team leader. Pale blue eyes.\nFarms sheep at Stenhow.'),
      doc('places.txt', 'Ravensett - The village at the foot of the valley.\nScarrow Crag - Dark north-facing crag, ninety metres high.'),
    );
    expect(paths(result).filter((file) => file.startsWith('Compendium/'))).toEqual([
      'Compendium/Characters/Derek Staveley.md',
      'Compendium/Characters/Hannah Rigg.md',
      'Compendium/Places/Ravensett.md',
      'Compendium/Places/Scarrow Crag.md',
    ]);
    expect(content(result, 'Compendium/Characters/Derek Staveley.md')).toBe('# Derek Staveley\n\n- Age: 58\n\nDerek Staveley (58) - Team leader. Pale blue eyes.\nFarms sheep at Stenhow.\n');
  });

  it('keeps a card under its own heading whole, its "Name:" and "Marks:" lines fields', () => {
    const crew = doc('crew.md', '# Crew\n\n## Petra Lindqvist\n\nName: Petra Lindqvist, chief engineer\nHand: left\nMarks: two fingers of the right hand lost.\n\n## Kasimir Holt\n\nName: Kasimir Holt\nEyes: blue');
    expect(paths(plan(crew))).toEqual(['Compendium/Characters/Kasimir Holt.md', 'Compendium/Characters/Petra Lindqvist.md']);
  });

  it('makes a card of each column of a table whose rows are traits, and reads a "Chapters" section as the outline', () => {
    const notes = doc(
      'Notes.md',
      [
        '# People',
        '',
        '|  | Maura Gill | Tadhg Gill |',
        '| --- | --- | --- |',
        '| Age | 46 in spring 1999 | 19 in spring 1999 |',
        '| Eyes | Grey | Brown |',
        '| Hand | Right | Left-handed |',
        '',
        '# Places',
        '',
        'Ballinrue: the mart town, nine miles from Cloonagh.',
        '',
        'Cloonagh: the Gill farm, 62 acres of heavy land.',
        '',
        '# Chapters',
        '',
        '| Ch | Day | What happens |',
        '| --- | --- | --- |',
        '| 1 | Monday 8th March 1999 | The bank’s letter comes. |',
      ].join('\n'),
    );
    const result = plan(notes, doc('The Mart/1 · The Letter.md', `# 1 · The Letter\n\n${scene('Maura')}`));
    expect(paths(result)).toContain('Compendium/Characters/Tadhg Gill.md');
    expect(paths(result)).toContain('Compendium/Places/Ballinrue.md');
    expect(paths(result)).toContain('Story/Outline.md');
    expect(content(result, 'Compendium/Characters/Tadhg Gill.md')).toBe('# Tadhg Gill\n\n- Age: 19 in spring 1999\n- Eyes: Brown\n- Hand: Left-handed\n');
  });
});

describe('a plain-text book with its notes after the last chapter', () => {
  const chapterText = (number: string, title: string, who: string) => [number, title, '', scene(who), '', talk(who), ''];
  const book = (marker: string) =>
    doc(
      'Brickfield.txt',
      [
        'BRICKFIELD',
        'by a writer',
        '',
        ...chapterText('I.', 'THE KILNS', 'Hester'),
        ...chapterText('II.', 'THE CLAY PIT', 'Amos'),
        ...chapterText('III.', 'THE FAMILY', 'Hester'),
        marker,
        '',
        "WHO'S WHO",
        '',
        'HESTER DANKS. The narrator. Born 2 May 1860, grey eyes, left-handed.',
        '',
        'AMOS DANKS. Her uncle. Fifty, a limp in the right leg.',
        '',
        'PLACES',
        '',
        'THE KILNS. Six beehive kilns on the canal side.',
        '',
        'RUNNING ORDER',
        '',
        'I. (Monday 3 June 1878) Firing the kilns.',
        'II. (Tuesday 4 June 1878) The clay pit floods.',
      ].join('\n'),
    );

  it('splits the book at chapters numbered alone, and the notes into cards and the outline', () => {
    for (const marker of ['======== WRITING NOTES ========', '']) {
      const result = plan(book(marker));
      expect(paths(result)).toEqual([
        'Compendium/Characters/Amos Danks.md',
        'Compendium/Characters/Hester Danks.md',
        'Compendium/Places/The Kilns.md',
        'Story/Chapters/01 THE KILNS.md',
        'Story/Chapters/02 THE CLAY PIT.md',
        'Story/Chapters/03 THE FAMILY.md',
        'Story/Outline.md',
      ]);
      // The last chapter ends where the notes begin.
      expect(content(result, 'Story/Chapters/03 THE FAMILY.md')).not.toContain('WHO');
    }
  });

  it('does not split prose at a number that only starts a paragraph, nor at a list of figures', () => {
    const text = ['The Ledger', '', scene('Hester'), '', '1', '', scene('Amos'), '', '7', '', scene('Hester')].join('\n');
    expect(paths(plan(doc('Ledger.txt', text)))).toEqual(['Story/Chapters/01 Ledger.md']);
  });
});

describe('a writing app that keeps chapters as folders of scene files', () => {
  const sceneFile = (folder: string, name: string, title: string, who: string) =>
    doc(`Ice Shelf/outline/${folder}/${name}.md`, [`title: ${title}`, 'ID: 7', 'type: md', `summarySentence: ${who} counts the crates: all of them.`, 'POV: 1', '', scene(who), '', talk(who)].join('\n'));
  const project = () =>
    plan(
      sceneFile('01-The Last Plane', '01-The Last Plane', 'The Last Plane', 'Ines'),
      sceneFile('01-The Last Plane', '02-Eight', 'Eight', 'Callum'),
      sceneFile('02-Medicals', '01-Medicals', 'Medicals', 'Callum'),
      doc('Ice Shelf/characters/1-Ines.txt', ['Name: Ines Marlow', 'ID: 1', 'Notes: Glaciologist.', '    Eyes: grey, very pale.', '    Left-handed.'].join('\n')),
      doc('Ice Shelf/world.txt', ['Name: Carrow Station', '    Description: Research station on the ice shelf, nine modules on legs.', 'Name: Brinnick Hut', '    Description: Field refuge nine miles out. Four bunks.'].join('\n')),
      doc('Ice Shelf/summary.txt', ['Title: Ice Shelf', 'Full: Plan by chapter.', '    Chapter 1 - Monday 23 February 2032: The last plane leaves.', '    Chapter 2 - Monday 15 March 2032: Medicals.', '    Chapter 3 - Wednesday 28 April 2032: Last sunset.', '    Chapter 4 - Monday 21 June 2032: Midwinter dinner.'].join('\n')),
    );

  it('joins each folder\'s scenes into one chapter with the folder\'s title, and reads the header lines as front matter', () => {
    const result = project();
    expect(paths(result)).toEqual([
      'Compendium/Characters/Ines.md',
      'Compendium/Places/Brinnick Hut.md',
      'Compendium/Places/Carrow Station.md',
      'Story/Chapters/01 The Last Plane.md',
      'Story/Chapters/02 Medicals.md',
      'Story/Outline.md',
    ]);
    const first = content(result, 'Story/Chapters/01 The Last Plane.md');
    expect(first.startsWith('# The Last Plane\n')).toBe(true);
    expect(first).toContain('Callum crossed the yard');
    // The scenes' header lines are no prose of the chapter.
    expect(first).not.toContain('summarySentence');
    expect(content(result, 'Compendium/Places/Brinnick Hut.md')).toContain('- Description: Field refuge nine miles out. Four bunks.');
  });

  it('keeps chapter files in a numbered folder as chapters of their own', () => {
    const result = plan(doc('Book/01-Spring/Chapter 1.md', `# Chapter 1\n\n${scene('Ines')}`), doc('Book/01-Spring/Chapter 2.md', `# Chapter 2\n\n${scene('Ines')}`), doc('Book/02-Summer/Chapter 3.md', `# Chapter 3\n\n${scene('Ines')}`));
    expect(paths(result).filter((path) => path.startsWith('Story/Chapters/'))).toHaveLength(3);
  });
});
