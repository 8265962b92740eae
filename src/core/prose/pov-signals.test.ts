import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { povSignals } from './pov-signals.js';
import { splitScene } from './scene-text.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const documentOf = (text: string) => buildProseDocument(splitScene(text).paragraphs, engine);

describe('povSignals', () => {
  it('calls narration with many I/my/we first person', () => {
    const text = 'I walked to the harbour. My hands were cold. We waited. I knew she would come. She looked at me.';
    expect(povSignals(documentOf(text), null)).toEqual({
      verdict: 'first',
      declared: null,
      first_person: 5,
      second_person: 0,
      third_person: 2,
      interior: { i: 1 },
    });
  });

  it('ignores pronouns in speech and calls one mind third-limited', () => {
    const text = '“I will go,” she said. “I must.” She turned to him. He watched her leave. Mara wondered where he was.';
    expect(povSignals(documentOf(text), 'Mara')).toEqual({
      verdict: 'third-limited',
      declared: 'Mara',
      first_person: 0,
      second_person: 0,
      third_person: 6,
      interior: { Mara: 1 },
    });
  });

  it('calls third-omniscient when two named characters each think in narration', () => {
    const text = [
      'Mara wondered where he was. Then Tomas knew the truth. Mara feared the sea.',
      'Tomas remembered the bell. She knew it. He thought so. She held her breath. He held his.',
    ].join('\n');
    const signals = povSignals(documentOf(text), null);
    expect(signals.verdict).toBe('third-omniscient');
    expect(signals.interior).toEqual({ Mara: 2, Tomas: 2, she: 1, he: 1 });
  });

  it('does not credit a thought reported inside another clause', () => {
    expect(povSignals(documentOf('Mara knew Tomas wanted to leave.'), null).interior).toEqual({ Mara: 1 });
  });

  it('is unclear with too few pronouns', () => {
    expect(povSignals(documentOf('Rain on the harbour.'), null).verdict).toBe('unclear');
  });
});
