import { describe, expect, it } from 'vitest';
import { quoteFragments } from './quote-fragments.js';

describe('quoteFragments', () => {
  it('keeps a quote without ellipses whole, folded', () => {
    expect(quoteFragments('It’s the only road')).toEqual({ ok: true, fragments: ["It's the only road"] });
  });

  it('splits at …, ..., . . . and bracketed ellipses, dropping empty ends', () => {
    expect(quoteFragments('The bus left her … turned back inland')).toMatchObject({ ok: true, fragments: ['The bus left her', 'turned back inland'] });
    expect(quoteFragments('lantern...harbour . . . cellar [...] ledger (…) wharf…')).toMatchObject({
      ok: true,
      fragments: ['lantern', 'harbour', 'cellar', 'ledger', 'wharf'],
    });
  });

  it('refuses quotes that are too short, blank or punctuation only', () => {
    for (const quote of ['No', '… …', '   ', 'Yes', '?!', '—', 'the', 'Her', 'a b c d e f g h']) {
      expect(quoteFragments(quote).ok, quote).toBe(false);
    }
  });

  it('refuses quotes of function words only, however long', () => {
    expect(quoteFragments('and then he was there with her').ok).toBe(false);
    expect(quoteFragments('and then he was there with Mara').ok).toBe(true);
  });

  it('refuses ellipsis quotes whose parts are single letters or function words', () => {
    expect(quoteFragments('Mara … locks … the … ledger').ok).toBe(false);
    expect(quoteFragments('M … a … r … a').ok).toBe(false);
    expect(quoteFragments('do … let Mara sell it').ok).toBe(false);
    expect(quoteFragments('Mara locks … the harbour ledger').ok).toBe(true);
  });
});
