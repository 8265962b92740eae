import { describe, expect, it } from 'vitest';
import { findDayMarkers } from './day-markers.js';
import { paragraphsOf } from './prose.js';

const markers = (text: string) => findDayMarkers(paragraphsOf({ path: 'a.md', lines: text.split('\n') }, 1)).map(({ day, kind, line }) => [day, kind, line]);

describe('findDayMarkers', () => {
  it('finds explicit days, ordinal days the narration states, and days counted from the arrival', () => {
    expect(markers('It was the sixth day since she had come back.\n\nOn Day 5 the rain stopped.\n\nFive days since she arrived, the letters came.')).toEqual([
      [6, 'ordinal', 1],
      [5, 'explicit', 3],
      [6, 'arrival', 5],
    ]);
    expect(markers('On the fourth morning she went down.')).toEqual([[4, 'ordinal', 1]]);
  });

  it('ignores ordinals in speech and ordinals that count something else', () => {
    expect(markers('“That’s the third night you’ve been up at the light.”')).toEqual([]);
    expect(markers('She climbed the stair for the second night running.')).toEqual([]);
    expect(markers('He left two nights ago.')).toEqual([]);
  });
});
