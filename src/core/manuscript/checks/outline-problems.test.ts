import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../../adapters/fs-workspace/index.js';
import { loadManuscriptSnapshot } from '../snapshot.js';
import { outlineProblems } from './outline-problems.js';

let base: string;

const OUTLINE = `# Outline

## Act 1 — One

### Scene 1: Dock
- File: SCN-01-dock
- POV: Mara
- When: Day 1, morning
- Characters: Mara
- Beat: She waits.

### Scene 3: Storm
- File: SCN-03-storm
- POV: Nobody Known
- When: soon
- Beat: Rain.

## Act 3 — Three

### Scene 3: Again
- POV: Mara

### Untitled
`;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-outline-'));
  await initWorkspace(base);
  await fs.writeFile(path.join(base, 'Story/SCN-outline.md'), OUTLINE);
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-01-dock.md'), 'Prose.\n');
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-02-lost.md'), 'Prose.\n');
  await fs.writeFile(path.join(base, 'Compendium/Characters/CHAR-mara.md'), '---\nname: Mara Quill\naliases: [Mara]\n---\n');
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('outlineProblems', () => {
  it('reports missing files and fields (of entries written with labelled fields), unknown POVs, bad times, numbering gaps and duplicates', async () => {
    const snapshot = await loadManuscriptSnapshot(await FsWorkspace.open(base), { scenes: false });
    const problems = outlineProblems(snapshot.outline!, snapshot).map((problem) => [problem.kind, problem.severity, problem.path.split('/').pop(), problem.line]);
    expect(problems).toEqual([
      ['missing_field', 'info', 'SCN-outline.md', 12],
      ['scene_file_missing', 'error', 'SCN-outline.md', 13],
      ['when_unreadable', 'warning', 'SCN-outline.md', 15],
      ['pov_unknown', 'warning', 'SCN-outline.md', 14],
      ['missing_field', 'warning', 'SCN-outline.md', 20],
      ['missing_field', 'warning', 'SCN-outline.md', 20],
      ['missing_field', 'warning', 'SCN-outline.md', 20],
      ['missing_field', 'info', 'SCN-outline.md', 20],
      ['scene_number_gap', 'warning', 'SCN-outline.md', 12],
      ['scene_number_duplicate', 'error', 'SCN-outline.md', 20],
      ['scene_unnumbered', 'info', 'SCN-outline.md', 23],
      ['act_number_gap', 'warning', 'SCN-outline.md', 18],
    ]);
  });
});

describe('a gap in the numbers that chapters without an entry fill', () => {
  it('is left to those chapters; a gap with a number no chapter has is still reported', async () => {
    const snapshot = await loadManuscriptSnapshot(await FsWorkspace.open(base), { scenes: false });
    const gaps = (unplanned: Set<number>) => outlineProblems(snapshot.outline!, snapshot, { unplanned }).filter((problem) => problem.kind === 'scene_number_gap').map((problem) => problem.line);
    expect(gaps(new Set())).toEqual([12]);
    expect(gaps(new Set([2]))).toEqual([]);
    expect(gaps(new Set([4]))).toEqual([12]);
  });
});
