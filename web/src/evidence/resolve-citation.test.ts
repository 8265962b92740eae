import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEvidence } from './parse-evidence.js';
import { resolveCitation } from './resolve-citation.js';

const readSample = async (path: string): Promise<string | null> => {
  try {
    return readFileSync(new URL(`../../../examples/glass-harbour/${path}`, import.meta.url), 'utf8');
  } catch {
    return null;
  }
};

const resolve = (line: string) => resolveCitation(parseEvidence(line)!, readSample);

describe('resolveCitation', () => {
  it('opens a cited #L range as it is', async () => {
    expect(await resolve('Evidence: content | Story/Scenes/SCN-07-statements.md#L90 | "green eyes"')).toEqual({
      path: 'Story/Scenes/SCN-07-statements.md',
      range: { start: 90, end: 90 },
    });
  });

  it('finds the quoted lines in the cited files when no range is given', async () => {
    expect(await resolve('Evidence: content | Compendium/Places/PLACE-skerry-light.md, Story/Scenes/SCN-07-statements.md | "green eyes"')).toEqual({
      path: 'Story/Scenes/SCN-07-statements.md',
      range: { start: 90, end: 90 },
    });
  });

  it('uses a structural line range, a section heading, or just the file', async () => {
    expect(await resolve('Evidence: structural | Story/SCN-outline.md | L5-L11')).toEqual({ path: 'Story/SCN-outline.md', range: { start: 5, end: 11 } });
    expect(await resolve('Evidence: structural | Story/SCN-outline.md#Scene 3: The Drowned Bell | outline entry')).toEqual({ path: 'Story/SCN-outline.md', range: { start: 19, end: 19 } });
    expect(await resolve('Evidence: absence | Story/Scenes/ | checked SCN-01…SCN-12 for "locket"')).toEqual({ path: 'Story/Scenes/', range: null });
  });
});
