/**
 * The continuity model on small manuscripts written for each rule: the finding a writer needs, and
 * the look-alikes that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../../testing/memory-workspace.js';
import { loadManuscriptSnapshot } from '../snapshot.js';
import { analyseContinuity } from './continuity-model.js';

async function findingsOf(files: Record<string, string>) {
  const snapshot = await loadManuscriptSnapshot(new MemoryWorkspace(files));
  return analyseContinuity(snapshot).findings.map((finding) => ({ kind: finding.kind, path: finding.path, line: finding.line, quote: finding.quote }));
}

describe('hair colour in a chapter told in the first person', () => {
  it('never gives the narrator a "her" nobody in reach can take, nor a colour just put on', async () => {
    const found = await findingsOf({
      'Compendium/Characters/Rosa Quint.md': '# Rosa Quint\n\nThe narrator. She has red hair and a loud laugh.',
      'Compendium/Characters/Bea Lomax.md': '# Bea Lomax\n\nRuns the bakery. Her hair is grey.',
      'Story/01 Flour.md': [
        '# Flour',
        '',
        'I came in at six. Bea Lomax was already at the ovens, and I took my apron from the hook.',
        '',
        '"You look tired," I said.',
        '',
        '"Never mind me."',
        '',
        'She ties a scarf over her new black hair and goes back to the dough.',
        '',
        'Later she pushed back her brown hair and laughed at me.',
        '',
        'At noon Bea Lomax shook out her brown hair in the yard.',
      ].join('\n'),
    });
    expect(found.filter((finding) => finding.kind === 'hair_colour_mismatch').map((finding) => finding.line)).toEqual([13]);
  });
});
