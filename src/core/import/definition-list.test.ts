import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { definitionEntries } from './definition-list.js';

const read = (...lines: string[]) => definitionEntries(lines);
const headings = (...lines: string[]) => read(...lines).entries.map((entry) => entry.heading);

describe('definitionEntries', () => {
  it('makes one entry per term, each definition line a bullet of its own', () => {
    const { entries, rest } = read(
      '# Household',
      '',
      'Wilhelmina Trask',
      ': Cook at the rectory, born 12 May 1931.',
      ': Grey eyes; hair gone white early.',
      ': Left-handed.',
      '',
      'Osric Penhallow',
      ': The curate. Thirty-four.',
    );
    expect(entries.map((entry) => entry.lines)).toEqual([
      ['# Wilhelmina Trask', '', '- Cook at the rectory, born 12 May 1931.', '- Grey eyes; hair gone white early.', '- Left-handed.'],
      ['# Osric Penhallow', '', '- The curate. Thirty-four.'],
    ]);
    expect(rest).toEqual([]);
  });

  it('reads compact lists, `~` marks, a blank line before the definition and indented continuations', () => {
    const { entries } = read(
      'Bettany Lusk',
      ': Ferrywoman.',
      'Cadoc Lusk',
      '~ Her son, nine.',
      '',
      'Ysolde Marr',
      '',
      ':   Schoolmistress, who came from Truro',
      '    in the spring of 1952.',
      ': Brown eyes.',
    );
    expect(entries.map((entry) => entry.heading)).toEqual(['Bettany Lusk', 'Cadoc Lusk', 'Ysolde Marr']);
    expect(entries[2]!.lines).toEqual(['# Ysolde Marr', '', '- Schoolmistress, who came from Truro in the spring of 1952.', '- Brown eyes.']);
  });

  it('keeps a term with no definition as an entry of its own, also just before the first term', () => {
    const { entries, rest } = read('Father Anselm', '', 'Kit Varley', ': Stable boy.', '', 'The Widow Gedge', '', 'Hob Varley', ': His uncle; one eye.');
    expect(entries.map((entry) => entry.heading)).toEqual(['Father Anselm', 'Kit Varley', 'The Widow Gedge', 'Hob Varley']);
    expect(entries[0]!.lines).toEqual(['# Father Anselm']);
    expect(rest).toEqual([]);
  });

  it('returns the paragraphs that name no entry, and heads a term in capitals in title case', () => {
    const { entries, rest } = read(
      '## People',
      '',
      'Everyone who matters in Saltcote, oldest first.',
      'Ages are as of the flood.',
      '',
      '**AMBROSE DE VERE**',
      ': The squire.',
      '',
      'Tamsin Hale',
      ': His ward.',
      '',
      'Minor characters are in the other file.',
    );
    expect(entries.map((entry) => entry.heading)).toEqual(['Ambrose de Vere', 'Tamsin Hale']);
    expect(rest).toEqual(['Everyone who matters in Saltcote, oldest first.', 'Ages are as of the flood.', '', 'Minor characters are in the other file.']);
  });

  it('reads places written the same way', () => {
    expect(headings('Gull Rock', ': A stack off the point.', '', 'Penwithick Farm', ': Two miles up the valley; sixty acres.', '', 'Isle of Tresco', ': Across the sound.')).toEqual([
      'Gull Rock',
      'Penwithick Farm',
      'Isle of Tresco',
    ]);
  });

  it('finds no entries in the fields of one card or in text without definitions', () => {
    expect(headings('# Nessa Quirk', '', 'Eyes', ': hazel', '', 'Hair', ': black', '', 'Role', ': the harbour pilot')).toEqual([]);
    expect(headings('Nessa Quirk is the pilot.', '', 'She has hazel eyes: everyone says so.', '', '- Hair: black')).toEqual([]);
    expect(headings('| Name | Eyes |', '| :-- | :-- |', '| Nessa | hazel |')).toEqual([]);
  });

  it('never throws, and every entry is headed by its name', () => {
    const line = fc.oneof(fc.constantFrom('', ': ', ': fact.', '~ x', 'Ana Bell', '# H', '    more', '- item'), fc.string({ maxLength: 30 }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const { entries } = definitionEntries(lines);
        return entries.every((entry) => entry.heading !== '' && entry.lines[0] === `# ${entry.heading}`);
      }),
    );
  });
});
