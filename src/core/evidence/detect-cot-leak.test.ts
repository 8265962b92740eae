import { describe, expect, it } from 'vitest';
import { findCotLeak } from './detect-cot-leak.js';

describe('findCotLeak', () => {
  it('flags replies that open by thinking aloud, returning the opening as a span', () => {
    const openings = ['Let me think about this.', 'First, I need to check.', 'Okay, so the user wants', 'I need to figure out', 'Hmm, interesting.', "Alright, let's see", 'We need to compare', 'Thinking about this,', 'The user is asking about', '**Let me analyze** the scene'];
    for (const opening of openings) expect(findCotLeak(`${opening} Owen dies in scene 6.`), opening).not.toBeNull();
    expect(findCotLeak('  Let me think.')).toEqual({ start: 2, end: 14 });
  });

  it('leaves answers alone, including ones that use the phrases later', () => {
    for (const answer of ['Owen dies in scene 6. Let me think of a fix: cut his line.', 'First, the good news: the outline holds.', 'Okay, here is what the scene shows.', 'Alright. Scene 9 has Tresk speak.', 'Hmmond is not a word, but Hmm is.']) {
      expect(findCotLeak(answer), answer).toBeNull();
    }
  });
});
