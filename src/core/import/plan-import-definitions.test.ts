import { describe, expect, it } from 'vitest';
import { sourceDocument, planFolder, plannedKinds, plannedContent } from '../testing/import-plan-kit.js';

const scene = (name: string, sentences = 6) =>
  Array.from({ length: sentences }, (_, index) => `${name} walked the sea wall for the ${index + 1}th time, counting the boats at anchor and the gulls on the lamp posts.`).join(' ');
const talk = (name: string) => `"Is the tide turning?" ${name} asked.\n\n"Not yet," said the other, and went on mending the net.`;

const doc = sourceDocument;
const plan = planFolder;
const kinds = plannedKinds;
const content = plannedContent;

const bible = [
  '# Saltcote — Notes',
  '',
  'Kept for the second draft.',
  '',
  '## People',
  '',
  'In order of appearance. Ages are as of the flood of 1953.',
  '',
  'Wilhelmina Trask',
  ': Cook at the rectory, born 12 May 1931.',
  ': Grey eyes; hair gone white early.',
  ': Left-handed.',
  '',
  'Osric Penhallow',
  ': The curate. Thirty-four.',
  '',
  'The Widow Gedge',
  '',
  'Kit Varley',
  ': Stable boy at the Ship; brown eyes.',
  '',
  '## Places',
  '',
  'Gull Rock',
  ': A stack off the point, white with birds.',
  '',
  'The Ship Inn',
  ': On the quay. The landlord keeps his wife’s parrot in the bar.',
  '',
  '## Chronology',
  '',
  '1. 31 January 1953 — the flood.',
  '2. 2 February 1953 — the funeral.',
].join('\n');

describe('a story bible whose sections are definition lists', () => {
  it('makes one card per term, in the kind its section names, each fact on its own line', () => {
    const result = plan(doc('Saltcote Notes.md', bible));
    expect(kinds(result)).toEqual([
      'character Compendium/Characters/Kit Varley.md',
      'character Compendium/Characters/Osric Penhallow.md',
      'character Compendium/Characters/The Widow Gedge.md',
      'character Compendium/Characters/Wilhelmina Trask.md',
      'lore Compendium/Lore/People.md',
      'outline Story/Outline.md',
      'place Compendium/Places/Gull Rock.md',
      'place Compendium/Places/The Ship Inn.md',
    ]);
    expect(content(result, 'Compendium/Characters/Wilhelmina Trask.md')).toBe(
      '# Wilhelmina Trask\n\n- Cook at the rectory, born 12 May 1931.\n- Grey eyes; hair gone white early.\n- Left-handed.\n',
    );
    expect(content(result, 'Compendium/Characters/The Widow Gedge.md')).toBe('# The Widow Gedge\n');
    // The paragraph before the list is kept, as a note of the list.
    expect(content(result, 'Compendium/Lore/People.md')).toContain('In order of appearance.');
  });

  it('reads a list file of its own, and a list in a section of a file that names no kind', () => {
    const cast = doc('Notes/Cast.md', '# Cast\n\nMorwenna Bligh\n: Harbourmaster, fifty-eight.\n\nJago Bligh\n: Her grandson.\n');
    expect(kinds(plan(cast))).toEqual(['character Compendium/Characters/Jago Bligh.md', 'character Compendium/Characters/Morwenna Bligh.md']);
    const unnamed = doc('scraps.md', 'Morwenna Bligh\n: She was born on the island; grey eyes, left-handed.\n\nPolgrain Quay\n: A stone quay two miles north of the village.\n');
    expect(kinds(plan(unnamed))).toEqual(['character Compendium/Characters/Morwenna Bligh.md', 'place Compendium/Places/Polgrain Quay.md']);
  });

  it('keeps a card whose fields are a definition list whole', () => {
    const card = doc('Notes/Characters/Jago Bligh.md', '# Jago Bligh\n\nEyes\n: blue\n\nHair\n: fair\n\nAge\n: twelve\n');
    expect(kinds(plan(card))).toEqual(['character Compendium/Characters/Jago Bligh.md']);
  });

  it('makes one place card per "###" section under a places heading, whatever words describe it', () => {
    const notes = [
      '# Bible',
      '',
      '## Characters',
      '',
      '### Morwenna Bligh',
      'Harbourmaster. She has grey eyes.',
      '',
      '### Jago Bligh',
      'Her grandson, twelve.',
      '',
      '## Locations',
      '',
      '### Polgrain',
      'The village, on the north coast, nine miles from Truro.',
      '',
      '### The Manse',
      'Where the minister lives with his wife; she grows roses against his study wall.',
      '',
      '### Carn Du',
      'The headland beyond the lifeboat slip.',
    ].join('\n');
    expect(kinds(plan(doc('Bible.md', notes)))).toEqual([
      'character Compendium/Characters/Jago Bligh.md',
      'character Compendium/Characters/Morwenna Bligh.md',
      'place Compendium/Places/Carn Du.md',
      'place Compendium/Places/Polgrain.md',
      'place Compendium/Places/The Manse.md',
    ]);
  });
});

describe('chapters numbered within parts', () => {
  const chapter = (origin: string, label: string, title: string, name: string) => doc(origin, `# ${label} — ${title}\n\n${scene(name)}\n\n${talk(name)}\n`);

  it('imports them in reading order, titled by their words, with the label kept in the heading', () => {
    const result = plan(
      chapter('book/Part Two/2.1 Squall.md', '2.1', 'Squall', 'Jago'),
      chapter('book/Part One/1.10 Lamp Oil.md', '1.10', 'Lamp Oil', 'Morwenna'),
      chapter('book/Part One/1.2 The Slip.md', '1.2', 'The Slip', 'Morwenna'),
      chapter('book/Part Three/3.1 Driftwood.md', '3.1', 'Driftwood', 'Jago'),
      chapter('book/Part One/1.1 Low Water.md', '1.1', 'Low Water', 'Morwenna'),
      chapter('book/Part Two/2.2 Salvage.md', '2.2', 'Salvage', 'Jago'),
    );
    expect(result.files.map((file) => file.path)).toEqual([
      'Story/Chapters/01 Low Water.md',
      'Story/Chapters/02 The Slip.md',
      'Story/Chapters/03 Lamp Oil.md',
      'Story/Chapters/04 Squall.md',
      'Story/Chapters/05 Salvage.md',
      'Story/Chapters/06 Driftwood.md',
    ]);
    expect(content(result, 'Story/Chapters/03 Lamp Oil.md').startsWith('# 1.10 — Lamp Oil\n')).toBe(true);
    // A heading of words alone takes the label of the file name.
    const plain = plan(doc('book/Part Two/2.4 The Wreck.md', `# The Wreck\n\n${scene('Jago')}\n\n${talk('Jago')}`));
    expect(plain.files.map((file) => file.path)).toEqual(['Story/Chapters/01 The Wreck.md']);
    expect(plain.files[0]!.content.startsWith('# 2.4 — The Wreck\n')).toBe(true);
  });

  it('orders by the label in the heading when the file names have none, and reads one parted in a single file', () => {
    const result = plan(chapter('book/Squall.md', '2.1', 'Squall', 'Jago'), chapter('book/Low Water.md', '1.1', 'Low Water', 'Morwenna'), chapter('book/The Slip.md', '1.2', 'The Slip', 'Ada'));
    expect(result.files.map((file) => file.path)).toEqual(['Story/Chapters/01 Low Water.md', 'Story/Chapters/02 The Slip.md', 'Story/Chapters/03 Squall.md']);
    const novel = ['# 1.1 — Low Water', '', scene('Morwenna'), '', talk('Morwenna'), '', '# 1.2 — The Slip', '', scene('Jago'), '', talk('Jago')].join('\n');
    expect(plan(doc('Polgrain.md', novel)).files.map((file) => file.path)).toEqual(['Story/Chapters/01 Low Water.md', 'Story/Chapters/02 The Slip.md']);
  });
});
