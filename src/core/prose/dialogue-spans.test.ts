import { describe, expect, it } from 'vitest';
import { findDialogueSpans } from './dialogue-spans.js';

const quoted = (text: string): string[] => findDialogueSpans(text).map((span) => text.slice(span.start, span.end));

describe('findDialogueSpans', () => {
  it('finds curly and straight double quotes', () => {
    expect(quoted('“Go,” said Mara. “Now.”')).toEqual(['“Go,”', '“Now.”']);
    expect(quoted('"Yes," he said. "No."')).toEqual(['"Yes,"', '"No."']);
    expect(findDialogueSpans('“Go,” said Mara.')[0]?.mark).toBe('curly-double');
  });

  it('finds British single quotes without taking apostrophes for them', () => {
    expect(quoted('‘Where?’ asked Tomas. ‘The keeper’s house,’ said Mara.')).toEqual(['‘Where?’', '‘The keeper’s house,’']);
    expect(quoted('‘I’m goin’ home,’ she said.')).toEqual(['‘I’m goin’ home,’']);
    expect(quoted("'Come in,' said Mara. 'Tis late.")).toEqual(["'Come in,'"]);
  });

  it('prefers the closing mark after punctuation over a plural possessive', () => {
    expect(quoted('‘Go,’ she said, and the keepers’ lamps went out.')).toEqual(['‘Go,’']);
    expect(quoted('‘The keepers’ lamps are out,’ she said.')).toEqual(['‘The keepers’ lamps are out,’']);
  });

  it('finds no speech in apostrophes, elisions and decades', () => {
    expect(quoted('Don’t touch the keeper’s lamp. ’Tis late.')).toEqual([]);
    expect(quoted('‘Tis late, and the ’90s are gone.')).toEqual([]);
    expect(quoted("He left 'cause he was tired.")).toEqual([]);
  });

  it('keeps a double quote nested in single quotes inside one passage', () => {
    expect(quoted('‘He said “go” to me,’ she said.')).toEqual(['‘He said “go” to me,’']);
  });

  it('runs an unclosed quote to the end of the paragraph (speech continuing in the next one)', () => {
    expect(quoted('He said, “I went down to the harbour')).toEqual(['“I went down to the harbour']);
    expect(quoted('“One. “Two.”')).toEqual(['“One. ', '“Two.”']);
  });

  it('handles empty text', () => {
    expect(findDialogueSpans('')).toEqual([]);
  });
});
