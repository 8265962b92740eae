import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locateQuote } from './locate-quote.js';

const sample = (path: string): string => readFileSync(new URL(`../../../examples/glass-harbour/${path}`, import.meta.url), 'utf8');
const bell = sample('Story/Scenes/SCN-03-the-drowned-bell.md');
const lineOf = (text: string, fragment: string): number => text.split('\n').findIndex((line) => line.includes(fragment)) + 1;

describe('locateQuote', () => {
  it('finds a quote on one line of the real sample scene', () => {
    const line = lineOf(bell, 'He sat where he always sat');
    expect(locateQuote(bell, 'He sat where he always sat')).toEqual({ startLine: line, endLine: line });
  });

  it('matches across a line wrap, with straight quotes for curly ones', () => {
    const start = lineOf(bell, 'The Drowned Bell was named for the bell of old');
    expect(locateQuote(bell, "named for the bell of old St. Ebba's, which had gone into the sea with the chancel wall")).toEqual({ startLine: start, endLine: start + 1 });
  });

  it('treats … as fragments that must appear in order', () => {
    const start = lineOf(bell, 'He sat where he always sat');
    expect(locateQuote(bell, 'He sat where he always sat … a pint he was making last')).toEqual({ startLine: start, endLine: start + 1 });
    expect(locateQuote(bell, 'a pint he was making last ... He sat where he always sat')).toBeNull();
  });

  it('falls back to ignoring case, and answers null for words that are not there', () => {
    const line = lineOf(bell, 'He sat where he always sat');
    expect(locateQuote(bell, 'HE SAT WHERE HE ALWAYS SAT')).toEqual({ startLine: line, endLine: line });
    expect(locateQuote(bell, 'the bell rang at midnight for the mayor')).toBeNull();
  });
});
