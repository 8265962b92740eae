import { describe, expect, it } from 'vitest';
import { paragraphsOf } from '../prose.js';
import { chapterTimeStatements } from './time-statements.js';

const statements = (...paragraphs: string[]) =>
  chapterTimeStatements('Story/01.md', null, null, paragraphsOf({ path: 'Story/01.md', lines: paragraphs.join('\n\n').split('\n') }, 1)).map((found) => ({
    weekday: found.weekday,
    day: found.date?.day ?? null,
    month: found.date?.month ?? null,
    text: found.text,
  }));

describe('chapterTimeStatements', () => {
  it('reads the day a chapter told in the present tense opens on ("It\'s", "Today\'s")', () => {
    expect(statements("It's Sunday morning and the market is setting up.")).toEqual([{ weekday: 0, day: null, month: null, text: "It's Sunday morning" }]);
    expect(statements('The gulls were loud.', 'It’s Wednesday, and Piet has not phoned.')).toEqual([{ weekday: 3, day: null, month: null, text: 'It’s Wednesday' }]);
    expect(statements("Today's the ninth of May, and the lilac is out.")).toEqual([{ weekday: null, day: 9, month: 5, text: "Today's the ninth of May" }]);
  });

  it('reads a chapter that opens on "that" day ("That Tuesday…", "On that Friday…")', () => {
    expect(statements('That Tuesday the river came over the weir.')).toEqual([{ weekday: 2, day: null, month: null, text: 'That Tuesday' }]);
    expect(statements('On that Friday, 3 October, the doctor called twice.')).toEqual([{ weekday: 5, day: 3, month: 10, text: 'On that Friday, 3 October' }]);
    expect(statements("That Tuesday's flood was worse than anyone remembered.")).toEqual([]);
  });

  it('leaves a day said in speech, or a contraction that is not a day, alone', () => {
    expect(statements('"It\'s Monday," Piet said. "The bank is shut."')).toEqual([]);
    expect(statements("It's been a long week, and it's only the start of it.")).toEqual([]);
  });
});
