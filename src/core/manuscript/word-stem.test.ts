import { describe, expect, it } from 'vitest';
import { stemsOf, stemWord } from './word-stem.js';

describe('stemWord', () => {
  it('folds the plurals a fact and a scene may differ by', () => {
    expect(['steps', 'step', 'Stairs', 'men', 'stories', 'boxes', 'glass', 'lamp-room'].map(stemWord)).toEqual(['step', 'step', 'stair', 'man', 'story', 'box', 'glass', 'lamp-room']);
    expect(stemWord('Hester’s')).toBe('hester');
  });

  it('stems every word of a text, splitting hyphens', () => {
    expect([...stemsOf('The lamp-room hatch, two steps')]).toEqual(['the', 'lamp', 'room', 'hatch', 'two', 'step']);
  });
});
