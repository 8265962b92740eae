import { describe, expect, it } from 'vitest';
import { clusterEnd, foldQuote, foldText, isWordCode } from './fold-text.js';

describe('foldText', () => {
  it('folds curly quotes, guillemets and apostrophes to straight ones', () => {
    expect(foldQuote('“It’s ‘here’,” «she» said.')).toBe('"It\'s \'here\'," "she" said.');
  });

  it('folds every dash to one hyphen and absorbs the whitespace around it', () => {
    expect(foldQuote('dusk — a man')).toBe('dusk-a man');
    expect(foldQuote('dusk–a man')).toBe('dusk-a man');
    expect(foldQuote('dusk -- a man')).toBe('dusk-a man');
    expect(foldQuote('dusk − a man')).toBe('dusk-a man');
    expect(foldQuote('well-known')).toBe('well-known');
  });

  it('collapses whitespace and line breaks to one space and trims the ends', () => {
    expect(foldQuote('  her bag\nagainst   her\r\n\tshins  ')).toBe('her bag against her shins');
    expect(foldQuote('Mr.\u00a0Tresk')).toBe('Mr. Tresk');
  });

  it('applies NFKC: the ellipsis character, ligatures, full-width letters and decomposed accents', () => {
    expect(foldQuote('In the… the glass')).toBe('In the... the glass');
    expect(foldQuote('ﬁne ＡＢＣ')).toBe('fine ABC');
    expect(foldQuote('cafe\u0301')).toBe(foldQuote('café'));
  });

  it('drops markdown emphasis markers and invisible characters, keeps case', () => {
    expect(foldQuote('the *Providence* and _the_ soft\u00adhyphen\u200b')).toBe('the Providence and the softhyphen');
    expect(foldQuote('Owen')).not.toBe(foldQuote('owen'));
  });

  it('maps every folded character back to the start of its source in the original', () => {
    const original = '“Owen,” she said —\n  *quietly*… café\u0301';
    const folded = foldText(original);
    expect(folded.origin.length).toBe(folded.text.length + 1);
    expect(folded.origin[folded.text.length]).toBe(original.length);
    for (let index = 0; index < folded.text.length; index += 1) {
      const from = folded.origin[index] ?? -1;
      if (index > 0) expect(from).toBeGreaterThanOrEqual(folded.origin[index - 1] ?? 0);
      const character = folded.text[index] ?? '';
      const source = original.slice(from, clusterEnd(original, from));
      // A space stands for a whitespace run and a hyphen for a dash; anything else comes from its source.
      if (character === ' ') expect(source).toMatch(/\s/);
      else expect(foldQuote(source)).toContain(character);
    }
    const word = folded.text.indexOf('quietly');
    expect(original.slice(folded.origin[word], (folded.origin[word + 6] ?? 0) + 1)).toBe('quietly');
  });

  it('handles astral characters and an empty text', () => {
    expect(foldText('').text).toBe('');
    expect(foldQuote('a 😀 b')).toBe('a 😀 b');
  });
});

describe('isWordCode', () => {
  it('is true for letters and digits in any script, false for punctuation and spaces', () => {
    for (const character of ['a', 'Z', '7', 'é', 'ß', 'ж']) expect(isWordCode(character.charCodeAt(0))).toBe(true);
    for (const character of [' ', '-', "'", '"', '.', '…']) expect(isWordCode(character.charCodeAt(0))).toBe(false);
  });
});
