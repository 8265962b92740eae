import { describe, expect, it } from 'vitest';
import { collectVocabulary } from './vocabulary.js';

describe('Vocabulary', () => {
  it('knows the capitalised words and phrases the canon uses', () => {
    const vocabulary = collectVocabulary([{ path: 'Compendium/Lore/LORE-x.md', lines: ['- Three men drowned: Jory Lusk and Danny Coull.', '- Catriona’s baby was lost.'] }]);
    expect(vocabulary.has('Danny Coull')).toBe(true);
    expect(vocabulary.has('Catriona')).toBe(true);
    expect(vocabulary.has("Catriona's")).toBe(true);
    expect(vocabulary.has('Danny Lusk')).toBe(false);
    expect(vocabulary.has('Merrick')).toBe(false);
  });
});
