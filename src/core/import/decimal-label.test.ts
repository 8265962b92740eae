import { describe, expect, it } from 'vitest';
import { compareLabels, decimalLabel, labelledHeading } from './decimal-label.js';
import { numberedChapter } from './split-sections.js';

describe('decimalLabel', () => {
  it('splits a label numbered within its part from the title, whatever the separator', () => {
    expect(decimalLabel('# 2.3 — The Weir')).toEqual({ label: '2.3', numbers: [2, 3], title: 'The Weir' });
    expect(decimalLabel('4.12 Lantern Night')?.title).toBe('Lantern Night');
    expect(decimalLabel('1.1: Ashore')?.title).toBe('Ashore');
    expect(decimalLabel('3.2. Frost')?.title).toBe('Frost');
    expect(decimalLabel('Chapter 5.1 – *Salt*')?.title).toBe('Salt');
    expect(decimalLabel('## 6.2')).toEqual({ label: '6.2', numbers: [6, 2], title: '6.2' });
  });

  it('is null for whole numbers and for decimals in prose', () => {
    expect(decimalLabel('12 The Ferry')).toBeNull();
    expect(decimalLabel('Chapter 3: The Mill')).toBeNull();
    expect(decimalLabel('2.5 miles out, the buoy')).toBeNull();
    expect(decimalLabel('The Weir')).toBeNull();
  });

  it('orders labels by each of their numbers', () => {
    const sorted = ['2.1', '1.10', '1.9', '10.1', '1.2'].map((label) => decimalLabel(label)!).sort(compareLabels);
    expect(sorted.map((label) => label.label)).toEqual(['1.2', '1.9', '1.10', '2.1', '10.1']);
  });

  it('gives a chapter heading numbered so its words as the title', () => {
    expect(numberedChapter('2.3 — The Weir')).toEqual({ number: null, title: 'The Weir' });
    expect(numberedChapter('Chapter 3: The Mill')).toEqual({ number: 3, title: 'The Mill' });
  });
});

describe('labelledHeading', () => {
  it('puts the label of the file name into a heading of words alone', () => {
    expect(labelledHeading('3.2 The Ropewalk', '# The Ropewalk\n\nTar and hemp.\n')).toBe('# 3.2 — The Ropewalk\n\nTar and hemp.\n');
    expect(labelledHeading('3.2 The Ropewalk', '---\npov: Ada\n---\n## The Ropewalk\nTar.')).toBe('---\npov: Ada\n---\n## 3.2 — The Ropewalk\nTar.');
  });

  it('gives a chapter without a heading one, in place of a title line', () => {
    expect(labelledHeading('3.2 The Ropewalk', 'Tar and hemp.')).toBe('# 3.2 — The Ropewalk\n\nTar and hemp.');
    expect(labelledHeading('3.2 The Ropewalk', 'The Ropewalk\n\nTar and hemp.')).toBe('# 3.2 — The Ropewalk\n\nTar and hemp.');
    expect(labelledHeading('3.2', 'Tar and hemp.')).toBe('# 3.2\n\nTar and hemp.');
  });

  it('leaves a heading with its own number, and a name without a label, as they are', () => {
    expect(labelledHeading('3.2 The Ropewalk', '# 3.2 — The Ropewalk\n\nTar.')).toBe('# 3.2 — The Ropewalk\n\nTar.');
    expect(labelledHeading('3.2 The Ropewalk', '# Chapter 14: The Ropewalk\n\nTar.')).toBe('# Chapter 14: The Ropewalk\n\nTar.');
    expect(labelledHeading('14 The Ropewalk', '# The Ropewalk\n\nTar.')).toBe('# The Ropewalk\n\nTar.');
  });
});
