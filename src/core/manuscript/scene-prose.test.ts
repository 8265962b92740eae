import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCharacterCard } from './cards.js';
import { buildNameIndex } from './name-index.js';
import { lineText, readProse, startsSentence } from './scene-prose.js';

const names = buildNameIndex([parseCharacterCard({ path: 'Compendium/Characters/CHAR-hester.md', lines: ['---', 'name: Hester Vane', 'aliases: [Hester]', '---'] })], []);

describe('readProse', () => {
  it('finds names with their line and whether they are spoken', () => {
    const source = { path: 'a.md', lines: ['---', 'pov: Hester', '---', 'Hester Vane stood still.', '“Hester,” he said.'] };
    const prose = readProse(source, 4, names);
    expect(prose.mentions.map((mention) => [mention.match.text, mention.line, mention.quoted])).toEqual([
      ['Hester Vane', 4, false],
      ['Hester', 5, true],
    ]);
    expect(lineText(source, 5)).toBe('“Hester,” he said.');
    expect(lineText(source, 99)).toBe('');
  });

  it('knows where sentences start, even after a closing quote', () => {
    const [paragraph] = readProse({ path: 'a.md', lines: ['“Fine.” Hester left. Then Hester came back.'] }, 1, names).paragraphs;
    expect(startsSentence(paragraph!, paragraph!.text.indexOf('Hester'))).toBe(true);
    expect(startsSentence(paragraph!, paragraph!.text.lastIndexOf('Hester'))).toBe(false);
  });

  it('reports only mentions that are exactly a name, for any text', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('Hester', 'Hester Vane', '’s', '“', '”', '\n', '\n\n', ' '), fc.string({ maxLength: 6 })), { maxLength: 40 }), (parts) => {
        const prose = readProse({ path: 'a.md', lines: parts.join('').split('\n') }, 1, names);
        for (const mention of prose.mentions) expect(names.entities[0]!.forms).toContain(mention.paragraph.text.slice(mention.match.start, mention.match.end));
      }),
    );
  });
});
