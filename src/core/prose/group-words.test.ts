import { describe, expect, it } from 'vitest';
import { groupWords } from './group-words.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const wordsOf = (text: string): string[] => {
  const tagged = engine.tag(text);
  return groupWords(tagged).map((group) => group.map((index) => tagged.values[index]).join(''));
};

describe('groupWords', () => {
  it('keeps contractions, possessives and compounds whole', () => {
    expect(wordsOf('I don’t know the keeper’s grey-green boat. We\'ll see.')).toEqual(['I', 'don’t', 'know', 'the', 'keeper’s', 'grey-green', 'boat', 'We\'ll', 'see']);
  });

  it('splits at dashes, ellipses and line breaks and drops loose punctuation', () => {
    expect(wordsOf('up—then… down\nagain — “Mr. Hale”, 1990s!')).toEqual(['up', 'then', 'down', 'again', 'Mr.', 'Hale', '1990s']);
  });

  it('does not carry a trailing apostrophe or hyphen into the word', () => {
    expect(wordsOf('the keepers’ lamps, goin’ home, well- known')).toEqual(['the', 'keepers', 'lamps', 'goin', 'home', 'well', 'known']);
  });
});
