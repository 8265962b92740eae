import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulletText, isBullet, parseLabelledLine, parseQuestionLine, stripMarkdown } from './labelled-line.js';

describe('parseLabelledLine', () => {
  it.each([
    ['- POV: Hester Vane', 'pov', 'Hester Vane'],
    ['- **POV:** Hester Vane', 'pov', 'Hester Vane'],
    ['* __When__: Day 2, morning', 'when', 'Day 2, morning'],
    ['POV - Callum Lusk', 'pov', 'Callum Lusk'],
    ['- Died_in: SCN-06', 'died in', 'SCN-06'],
    ['- File: `SCN-01-the-lamp-room`', 'file', 'SCN-01-the-lamp-room'],
  ])('reads %j', (line, label, value) => {
    expect(parseLabelledLine(line)).toEqual({ label, value });
  });

  it('ignores prose and timeline bullets', () => {
    expect(parseLabelledLine('He has dementia. He lives mostly in the past.')).toBeNull();
    expect(parseLabelledLine('- Day 1, evening: Hester arrives')).toBeNull();
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string(), (text) => void parseLabelledLine(text)));
  });
});

describe('bullets and markdown', () => {
  it('recognises bullets and strips their markers and emphasis', () => {
    expect(isBullet('  - a fact')).toBe(true);
    expect(isBullet('-not a bullet')).toBe(false);
    expect(bulletText('* a fact ')).toBe('a fact');
    expect(stripMarkdown('`code` and *emphasis*')).toBe('code and emphasis');
  });
});

describe('parseQuestionLine', () => {
  it.each([
    ['**What color is his hair?** Auburn, going sandy.', 'What color is his hair?', 'Auburn, going sandy.'],
    ['- *Which hand does she write with?* Her left', 'Which hand does she write with?', 'Her left'],
    ['__Eye colour?__ grey', 'Eye colour?', 'grey'],
    ['### When was Rosalind born?', 'When was Rosalind born?', ''],
    ['Q: How old is he? A: forty-one', 'How old is he?', 'forty-one'],
    ['Where did she grow up? Halifax, mostly.', 'Where did she grow up?', 'Halifax, mostly.'],
  ])('reads %j', (line, question, answer) => {
    expect(parseQuestionLine(line)).toEqual({ question, answer });
  });

  it('ignores fields and prose that only end in a question mark', () => {
    expect(parseQuestionLine('Eyes: grey')).toBeNull();
    expect(parseQuestionLine('She never asked why the door was locked? Odd.')).toBeNull();
    expect(parseQuestionLine('**Age:** who knows? Forty-ish')).toBeNull();
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string(), (text) => void parseQuestionLine(text)));
  });
});
