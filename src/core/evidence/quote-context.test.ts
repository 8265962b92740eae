import { describe, expect, it } from 'vitest';
import { foldQuote } from './fold-text.js';
import { indexFile } from './indexed-file.js';
import { placeQuote } from './quote-context.js';

const file = indexFile(
  'Story/Chapters/04 Salt.md',
  [
    'Ines had hardly slept when the purser knocked.',
    'The ledger was barely legible, and Tomas would not say who had torn the page.',
    'She was scarcely out of the door before the bell went.',
    'They crossed the square without speaking.',
    'The captain could never forgive the harbour board.',
    '',
  ].join('\n'),
  'v1',
  '0'.repeat(64),
);
const kind = (...fragments: string[]) => placeQuote(file, fragments.map(foldQuote)).kind;

describe('a quote keeps the negation of its clause', () => {
  it('refuses a quote that starts right after a near negation (hardly, barely, scarcely)', () => {
    expect(kind('slept when the purser knocked')).toBe('out_of_context');
    expect(kind('legible, and Tomas would')).toBe('out_of_context');
    expect(kind('out of the door before the bell went')).toBe('out_of_context');
  });

  it('refuses an ellipsis over a near negation', () => {
    expect(kind('Ines had', 'slept when the purser knocked')).toBe('out_of_context');
    expect(kind('The ledger was', 'legible, and Tomas')).toBe('out_of_context');
  });

  it('refuses a quote cut off right before its clause is negated', () => {
    expect(kind('and Tomas would')).toBe('out_of_context');
    expect(kind('The captain could')).toBe('out_of_context');
  });

  it('keeps quotes whose next word negates nothing they say', () => {
    expect(kind('They crossed the square')).toBe('found');
    expect(kind('Ines had hardly slept')).toBe('found');
    expect(kind('Tomas would not say who had torn the page')).toBe('found');
    expect(kind('The captain could never forgive')).toBe('found');
  });
});
