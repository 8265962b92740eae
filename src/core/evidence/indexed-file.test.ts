import { describe, expect, it } from 'vitest';
import { foldedLineSpan, indexFile, lineAt, lineCount, locateFolded, locateInFile } from './indexed-file.js';
import { quoteFragments } from './quote-fragments.js';

const text = [
  '# The Lamp Room', //                                             1
  '', //                                                            2
  '“Owen, for pity’s sake. You’re not sixteen.” He held out the keys', // 3
  'but didn’t let go of them. Someone stood at the gate in the dusk —', // 4
  'a man, young, bareheaded — watching the tower.', //              5
  'The other man said nothing. Owen Tresk was dead.', //            6
].join('\n');
const file = indexFile('Story/Scenes/SCN-01.md', text, 'v1', 'f'.repeat(64));

function fragments(quote: string): string[] {
  const split = quoteFragments(quote);
  if (!split.ok) throw new Error(split.reason);
  return split.fragments;
}

describe('indexFile', () => {
  it('records line starts and maps offsets to lines', () => {
    expect(lineCount(file)).toBe(6);
    expect(lineAt(file, 0)).toBe(1);
    expect(lineAt(file, text.indexOf('but didn'))).toBe(4);
    expect(lineAt(file, text.length - 1)).toBe(6);
    expect(lineCount(indexFile('a.md', '', 'v', ''))).toBe(0);
    expect(lineCount(indexFile('a.md', 'one\ntwo\n', 'v', ''))).toBe(2);
  });

  it('gives the folded span of a line range', () => {
    const span = foldedLineSpan(file, 6, 6);
    expect(file.folded.text.slice(span.from, span.to).trim()).toBe('The other man said nothing. Owen Tresk was dead.');
  });
});

describe('locateInFile', () => {
  it('finds a quote across a line wrap, with curly quotes and a dash, and maps it to the exact original text', () => {
    const match = locateInFile(file, fragments('in the dusk - a man, young, bareheaded'));
    expect(match).toMatchObject({ startLine: 4, endLine: 5 });
    expect(text.slice(match?.start, match?.end)).toBe('in the dusk —\na man, young, bareheaded');
    const dialogue = locateInFile(file, fragments('"Owen, for pity\'s sake. You\'re not sixteen."'));
    expect(text.slice(dialogue?.start, dialogue?.end)).toBe('“Owen, for pity’s sake. You’re not sixteen.”');
  });

  it('finds ellipsis fragments in order and returns the tightest span', () => {
    const match = locateInFile(file, fragments('Owen … dead.'));
    expect(text.slice(match?.start, match?.end)).toBe('Owen Tresk was dead.');
    expect(locateInFile(file, fragments('dead … Owen Tresk'))).toBeNull();
  });

  it('requires word boundaries at the quote edges', () => {
    expect(locateInFile(file, fragments('her man said nothing'))).toBeNull();
    expect(locateInFile(file, fragments('other man said nothing'))).not.toBeNull();
    expect(locateInFile(file, fragments('en Tresk was dead'))).toBeNull();
  });

  it('looks only inside a line range when one is given', () => {
    expect(locateInFile(file, fragments('Owen Tresk was dead.'), { start: 6, end: 6 })).toMatchObject({ startLine: 6, endLine: 6 });
    expect(locateInFile(file, fragments('Owen Tresk was dead.'), { start: 3, end: 5 })).toBeNull();
    expect(locateInFile(file, fragments('in the dusk - a man'), { start: 4, end: 4 })).toBeNull();
    expect(locateInFile(file, fragments('in the dusk - a man'), { start: 4, end: 5 })).not.toBeNull();
  });

  it('is case-sensitive and exact otherwise', () => {
    expect(locateInFile(file, fragments('owen tresk was dead'))).toBeNull();
    expect(locateInFile(file, fragments('Owen Tresk was alive'))).toBeNull();
    expect(locateFolded('abc', [])).toBeNull();
  });
});
