import { describe, expect, it } from 'vitest';
import { fictionSentenceStarts } from './fiction-sentences.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

/** The sentences of one paragraph, as text. */
function sentencesOf(text: string): string[] {
  const tagged = engine.tag(text);
  const starts = fictionSentenceStarts(tagged);
  return starts.map((start, index) => {
    const next = starts[index + 1];
    const end = next === undefined ? text.length : (tagged.offsets[next] ?? text.length);
    return text.slice(tagged.offsets[start] ?? 0, end).trim();
  });
}

describe('fictionSentenceStarts', () => {
  it('does not split after Mr., Dr., Mrs. or St., but does after a quoted stop', () => {
    expect(sentencesOf('Mr. Hale said, “Wait.” Dr. Aske nodded.')).toEqual(['Mr. Hale said, “Wait.”', 'Dr. Aske nodded.']);
    expect(sentencesOf('Mrs. Penhale met Dr. Aske at St. Ives. They were late.')).toEqual([
      'Mrs. Penhale met Dr. Aske at St. Ives.',
      'They were late.',
    ]);
  });

  it('keeps a question in dialogue with its lower-case speaker tag', () => {
    expect(sentencesOf('“Is it far?” she asked. “Not far.”')).toEqual(['“Is it far?” she asked.', '“Not far.”']);
    expect(sentencesOf('"Is it far?" she asked. "Not far."')).toEqual(['"Is it far?" she asked.', '"Not far."']);
    expect(sentencesOf('‘Where?’ asked Tomas. ‘There.’')).toEqual(['‘Where?’ asked Tomas.', '‘There.’']);
  });

  it('keeps an exclamation or trailing-off with a named speaker tag', () => {
    expect(sentencesOf('“Stop!” Mara shouted. “Hm…” Mr. Hale said. The door shut.')).toEqual([
      '“Stop!” Mara shouted.',
      '“Hm…” Mr. Hale said.',
      'The door shut.',
    ]);
  });

  it('splits "said Mara" dialogue into its two sentences', () => {
    expect(sentencesOf('“Go,” said Mara. “Now.”')).toEqual(['“Go,” said Mara.', '“Now.”']);
  });

  it('ends a sentence at an ellipsis before a capital, and not before lower case or a stammered I', () => {
    expect(sentencesOf('St. Brannoc’s bell rang… Then nothing.')).toEqual(['St. Brannoc’s bell rang…', 'Then nothing.']);
    expect(sentencesOf('He waited. . . And then the bell rang.')).toEqual(['He waited. . .', 'And then the bell rang.']);
    expect(sentencesOf('He waited... And waited.')).toEqual(['He waited...', 'And waited.']);
    expect(sentencesOf('She waited — listening — and then… she left.')).toEqual(['She waited — listening — and then… she left.']);
    expect(sentencesOf('“I… I don’t know,” she said.')).toEqual(['“I… I don’t know,” she said.']);
  });

  it('does not split at em dashes inside a sentence', () => {
    expect(sentencesOf('She looked up—then down—at the water. Nothing.')).toEqual(['She looked up—then down—at the water.', 'Nothing.']);
  });

  it('keeps an elided ’Tis with its own sentence and ends a quoted “No.”', () => {
    expect(sentencesOf('The lamp burned. ’Tis late, he thought.')).toEqual(['The lamp burned.', '’Tis late, he thought.']);
    expect(sentencesOf('“No.” The sea was grey.')).toEqual(['“No.”', 'The sea was grey.']);
  });

  it('treats a hard-wrapped paragraph as one text', () => {
    expect(sentencesOf('The bus left her at the top\nof the brae. She walked\ndown.')).toEqual(['The bus left her at the top\nof the brae.', 'She walked\ndown.']);
  });

  it('returns no sentences for an empty text', () => {
    expect(fictionSentenceStarts(engine.tag(''))).toEqual([]);
  });
});
