import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeProse, analyzeProseWith } from './analyze-prose.js';
import { buildProseDocument } from './build-prose-document.js';
import { splitScene } from './scene-text.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const SCENE = [
  '---',
  'title: Harbour',
  'pov: Mara',
  '---',
  '# Harbour',
  '',
  '“Go,” said Mara. “Now.”',
  '',
  'Mr. Hale said, “Wait.” Dr. Aske nodded slowly.',
].join('\n');

describe('analyzeProse', () => {
  it('measures a small dialogue scene, with line numbers of the file', () => {
    const report = analyzeProseWith(engine, SCENE);
    expect(report.lines).toEqual({ start_line: 1, end_line: 9, prose_start_line: 7 });
    expect(report.front_matter).toEqual({ present: true, title: 'Harbour', pov: 'Mara' });
    // Sentences: “Go,” said Mara. (3) | “Now.” (1) | Mr. Hale said, “Wait.” (4) | Dr. Aske nodded slowly. (4)
    expect(report.words).toBe(12);
    expect(report.sentences).toEqual({
      count: 4,
      mean_words: 3,
      median_words: 3.5,
      min_words: 1,
      max_words: 4,
      std_dev: 1.22,
      longest: { words: 4, line: 9, text: 'Mr. Hale said, “Wait.”' },
    });
    expect(report.paragraphs).toMatchObject({ count: 2, mean_words: 6, max_words: 8, mean_sentences: 2, single_sentence: 0 });
    expect(report.dialogue).toMatchObject({ ratio: 0.25, dialogue_words: 3, narration_words: 9, quotes: 3, dialogue_lines: 2 });
    expect(report.dialogue.speaker_tags.map((tag) => tag.text)).toEqual(['said Mara', 'Mr. Hale said']);
    expect(report.adverbs).toMatchObject({ count: 1, lines: [9] });
    expect(report.pov).toMatchObject({ verdict: 'unclear', declared: 'Mara' });
    // 15 syllables over 12 words and 4 sentences: 206.835 − 1.015·3 − 84.6·1.25 = 98.04
    expect(report.readability).toEqual({
      flesch_reading_ease: 98.04,
      flesch_kincaid_grade: 0.33,
      syllables: 15,
      syllables_per_word: 1.25,
      words_per_sentence: 3,
    });
    expect(report.notes).toEqual([]);
  });

  it('adds pacing, voice and rhythm for focus all, and only the one asked for otherwise', () => {
    const all = analyzeProseWith(engine, SCENE);
    expect(all.focus).toBe('all');
    expect(all.pacing?.chunks).toHaveLength(1);
    expect(all.voice?.dialogue_ratio).toBe(0.25);
    expect(all.rhythm?.lengths).toEqual([3, 1, 4, 4]);
    const rhythmOnly = analyzeProseWith(engine, SCENE, { focus: 'rhythm' });
    expect(rhythmOnly.rhythm).toBeDefined();
    expect(rhythmOnly.pacing).toBeUndefined();
    expect(rhythmOnly.voice).toBeUndefined();
  });

  it('reports an empty scene and a scene of only front matter without failing', () => {
    const empty = analyzeProseWith(engine, '');
    expect(empty).toMatchObject({
      lines: { start_line: 0, end_line: 0, prose_start_line: 0 },
      words: 0,
      sentences: { count: 0, longest: null },
      dialogue: { ratio: 0, quotes: 0 },
      readability: { flesch_reading_ease: null },
      notes: ['The scene has no prose to analyse.'],
    });
    const frontOnly = analyzeProseWith(engine, '---\ntitle: Later\npov: Tomas\n---\n');
    expect(frontOnly.front_matter).toEqual({ present: true, title: 'Later', pov: 'Tomas' });
    expect(frontOnly.words).toBe(0);
    expect(frontOnly.notes).toEqual(['The scene has front matter but no prose to analyse.']);
  });

  it('loads the shared engine itself when called without one', async () => {
    await expect(analyzeProse(SCENE, { focus: 'pacing' })).resolves.toEqual(analyzeProseWith(engine, SCENE, { focus: 'pacing' }));
    expect(await loadProseEngine()).toBe(engine);
  });

  it('never throws on arbitrary text, and its counts agree with each other', () => {
    const fiction = fc.constantFrom(
      'Mr.', 'Dr.', 'St.', 'Mara', 'said', 'asked', 'slowly', 'the', 'keeper’s', 'don’t', '’tis', 'I', 'she',
      '“', '”', '‘', '’', '"', "'", '…', '...', '—', '-', '.', ',', '?', '!', ' ', ' ', '\n', '\n\n', '---', '#', '*',
    );
    const text = fc.oneof(fc.array(fiction, { maxLength: 80 }).map((parts) => parts.join('')), fc.string({ unit: 'binary', maxLength: 200 }));
    fc.assert(
      fc.property(text, (content) => {
        const report = analyzeProseWith(engine, content);
        const document = buildProseDocument(splitScene(content).paragraphs, engine);
        expect(report.words).toBe(document.words.length);
        expect(report.dialogue.dialogue_words + report.dialogue.narration_words).toBe(report.words);
        expect(report.dialogue.dialogue_words).toBeLessThanOrEqual(report.words);
        for (const share of [report.dialogue.ratio, report.voice?.dialogue_ratio ?? 0, report.voice?.plain_tag_share ?? 0]) {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(1);
        }
        expect(document.sentences.reduce((total, sentence) => total + sentence.words, 0)).toBe(report.words);
        expect(document.paragraphs.reduce((total, paragraph) => total + paragraph.words, 0)).toBe(report.words);
        expect(report.sentences.count > 0).toBe(report.words > 0);
        expect(report.readability.flesch_reading_ease === null).toBe(report.words === 0);
        for (const word of document.words) {
          expect(word.line).toBeGreaterThanOrEqual(1);
          expect(word.line).toBeLessThanOrEqual(report.lines.end_line);
        }
        for (const chunk of report.pacing?.chunks ?? []) expect(chunk.dialogue_ratio).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});
