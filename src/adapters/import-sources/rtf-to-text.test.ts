import { describe, expect, it } from 'vitest';
import { rtfToText } from './rtf-to-text.js';

const text = (rtf: string) => rtfToText(Buffer.from(rtf, 'latin1'));

describe('rtfToText', () => {
  it('keeps the body text and drops font, colour, info and optional groups', async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl\f0\froman Times;}{\colortbl;\red0\green0\blue0;}{\info{\title Secret title}}{\*\generator Word;}\pard The bell rang.\par{\*\annotation a note}Twice.\par}`;
    expect(await text(rtf)).toBe('The bell rang.\n\nTwice.');
  });

  it('decodes code-page bytes, Unicode escapes with their fallbacks, and named symbols', async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252 Ilse\'92s caf\'e9 \u8220\'93Come\u8221\'94 \emdash{} now\~here\line next line\par}`;
    expect(await text(rtf)).toBe('Ilse’s café “Come” — now here\nnext line');
  });

  it('reads Cocoa RTF, where a backslash at the end of a line ends a paragraph', async () => {
    const rtf = '{\\rtf1\\ansi\\ansicpg1252\\cocoartf2639\n\\pard\\f0\\fs24 \\cf0 One.\\\nTwo.}';
    expect(await text(rtf)).toBe('One.\n\nTwo.');
  });
});

describe('rtfToText on lists', () => {
  it('keeps a list item’s own number or bullet, as Markdown', async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl\f0 Helvetica;}{\*\listtable{\list\listtemplateid1{\listlevel\levelnfc0{\leveltext\'02\'00.;}}}}
\pard{\listtext 1.\tab}Thursday 6 October 1994. The letter comes.\
{\listtext 2.\tab}Saturday 8 October. Nain's kitchen.\
{\listtext \'95\tab}a beat under it\
}`;
    expect(await rtfToText(Buffer.from(rtf, 'latin1'))).toBe('1. Thursday 6 October 1994. The letter comes.\n\n2. Saturday 8 October. Nain\'s kitchen.\n\n- a beat under it');
  });
});
