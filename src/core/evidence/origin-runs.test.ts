import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, foldTextAsRuns } from './fold-text.js';
import { OriginRuns } from './origin-runs.js';

describe('OriginRuns', () => {
  it('answers exactly what the full map answers, for any text folding meets', () => {
    const piece = fc.constantFrom('word', ' ', '  ', '\n', '\n\n', '*', '_', '—', ' — ', '…', '“', '”', '’', 'é', 'e\u0301', 'ﬁ', '\u200b', 'Ⅻ', '٣', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const folded = foldText(pieces.join(''));
        const runs = new OriginRuns(folded.origin);
        expect(runs.length).toBe(folded.origin.length);
        for (let index = -1; index <= folded.origin.length; index += 1) expect(runs.at(index)).toBe(folded.origin[index]);
      }),
      { numRuns: 400 },
    );
  });

  it('stores a break, not a character: a plain page of prose is a handful of runs', () => {
    const page = Array.from({ length: 40 }, (_, line) => `Line ${line} of the ledger, written in a steady hand.`).join('\n');
    const runs = new OriginRuns(foldText(page).origin);
    expect(runs.runCount).toBeLessThan(5);
    const spaced = new OriginRuns(foldText('one  two   three\n\nfour *five*').origin);
    expect(spaced.runCount).toBeGreaterThan(3);
    expect(new OriginRuns(new Uint32Array(0)).at(0)).toBeUndefined();
  });
});

describe('folding texts one after another', () => {
  it('gives each text its own result, whatever was folded before it (the buffers are shared)', () => {
    const long = 'The tide “turned” — slowly… '.repeat(400);
    const short = 'Mara’s  ledger';
    const alone = foldText(short);
    foldText(long);
    const after = foldText(short);
    expect(after.text).toBe(alone.text);
    expect([...after.origin]).toEqual([...alone.origin]);
    const runs = foldTextAsRuns(long);
    const full = foldText(long);
    expect(runs.text).toBe(full.text);
    for (let index = 0; index < full.origin.length; index += 97) expect(runs.origin.at(index)).toBe(full.origin[index]);
  });
});
