import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createThinkTagSplitter } from './think-tag-splitter.js';

function split(pieces: readonly string[]): { content: string; reasoning: string; orphans: number } {
  const out = { content: '', reasoning: '', orphans: 0 };
  const splitter = createThinkTagSplitter({
    onContent: (text) => (out.content += text),
    onReasoning: (text) => (out.reasoning += text),
    onOrphanClose: () => (out.orphans += 1),
  });
  for (const piece of pieces) splitter.push(piece);
  splitter.end();
  return out;
}

describe('createThinkTagSplitter', () => {
  it('moves a think block to reasoning', () => {
    expect(split(['<think>The scene is set at dusk.</think>Answer'])).toEqual({ content: 'Answer', reasoning: 'The scene is set at dusk.', orphans: 0 });
  });

  it('finds tags cut across pieces', () => {
    expect(split(['<th', 'ink>plan', 'ning</thi', 'nk>', 'Done <', 'b>'])).toEqual({ content: 'Done <b>', reasoning: 'planning', orphans: 0 });
  });

  it('leaves text that only looks like the start of a tag', () => {
    expect(split(['a < b and <thin', 'g>'])).toEqual({ content: 'a < b and <thing>', reasoning: '', orphans: 0 });
    expect(split(['ends with <thi'])).toEqual({ content: 'ends with <thi', reasoning: '', orphans: 0 });
  });

  it('reports a closing tag that has no opening tag', () => {
    expect(split(['reasoning without an opener</think>The answer'])).toEqual({
      content: 'reasoning without an openerThe answer',
      reasoning: '',
      orphans: 1,
    });
  });

  it('gives the same split however the text is cut', () => {
    const part = fc.oneof(fc.constantFrom('<think>', '</think>', '<', '<th', 'x', ' ', '>'), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(part).map((parts) => parts.join('')), fc.array(fc.nat()), (text, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((left, right) => left - right);
        const pieces: string[] = [];
        let previous = 0;
        for (const cut of [...cuts, text.length]) {
          pieces.push(text.slice(previous, cut));
          previous = cut;
        }
        expect(split(pieces)).toEqual(split([text]));
      }),
    );
  });
});
