import { describe, expect, it } from 'vitest';
import { compareStoryTime, formatStoryTime, normalisePart, parseWhen, sameStoryTime } from './story-time.js';

describe('parseWhen', () => {
  it.each([
    ['Day 4, afternoon', { day: 4, part: 'afternoon' }],
    ['day 12', { day: 12, part: null }],
    ['Day four — evening', { day: 4, part: 'evening' }],
    ['Day 2 in the late morning', { day: 2, part: 'morning' }],
    ['the sixth day', { day: 6, part: null }],
    ['the day room, then Day 3, night', { day: 3, part: 'night' }],
    ['Day 5 since', { day: 5, part: null }],
  ])('reads %j', (text, time) => {
    expect(parseWhen(text)).toEqual(time);
  });

  it('returns null for text without a story day', () => {
    expect(parseWhen('last Tuesday')).toBeNull();
    expect(parseWhen('Day 0')).toBeNull();
  });
});

describe('story time helpers', () => {
  it('format, compare and match', () => {
    expect(formatStoryTime({ day: 4, part: 'afternoon' })).toBe('Day 4, afternoon');
    expect(formatStoryTime({ day: 4, part: null })).toBe('Day 4');
    expect(compareStoryTime({ day: 4, part: 'evening' }, { day: 4, part: 'morning' })).toBeGreaterThan(0);
    expect(compareStoryTime({ day: 3, part: 'night' }, { day: 4, part: 'morning' })).toBeLessThan(0);
    expect(sameStoryTime({ day: 4, part: null }, { day: 4, part: 'evening' })).toBe(true);
    expect(sameStoryTime({ day: 4, part: 'morning' }, { day: 4, part: 'evening' })).toBe(false);
    expect(normalisePart('Dusk')).toBe('evening');
  });
});
