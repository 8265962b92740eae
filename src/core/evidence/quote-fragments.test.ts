import { describe, expect, it } from 'vitest';
import { quoteFragments } from './quote-fragments.js';

describe('quoteFragments', () => {
  it('keeps a quote without ellipses whole, folded', () => {
    expect(quoteFragments('It’s the only road')).toEqual({ ok: true, fragments: ["It's the only road"] });
  });

  it('splits at …, ..., . . . and bracketed ellipses, dropping empty ends', () => {
    expect(quoteFragments('The bus left her … turned back inland')).toEqual({ ok: true, fragments: ['The bus left her', 'turned back inland'] });
    expect(quoteFragments('one...two . . . three [...] four (…) five…')).toEqual({ ok: true, fragments: ['one', 'two', 'three', 'four', 'five'] });
  });

  it('refuses quotes under three characters once ellipses are left out', () => {
    expect(quoteFragments('No').ok).toBe(false);
    expect(quoteFragments('… …').ok).toBe(false);
    expect(quoteFragments('   ').ok).toBe(false);
    expect(quoteFragments('Yes').ok).toBe(true);
  });
});
