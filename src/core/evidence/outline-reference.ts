import { parseOutline, type Outline, type OutlineAct, type OutlineEntry } from '../manuscript/index.js';
import type { IndexedFile } from './indexed-file.js';
import { titleKey } from './markdown-headings.js';
import type { OutlineRef } from './parse-structural-detail.js';

const outlines = new WeakMap<IndexedFile, Outline>();

/** The parsed outline of an indexed outline file, cached per file version. */
export function outlineOf(file: IndexedFile): Outline {
  let outline = outlines.get(file);
  if (!outline) {
    const lines = file.original === '' ? [] : file.original.split('\n');
    outline = parseOutline({ path: file.path, lines });
    outlines.set(file, outline);
  }
  return outline;
}

function numbers(values: ReadonlyArray<number | null>): string {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? 'none' : known.join(', ');
}

function sceneIn(pool: readonly OutlineEntry[], number: number, positional: boolean): OutlineEntry | undefined {
  return pool.find((entry) => entry.number === number) ?? (positional ? pool[number - 1] : undefined);
}

/**
 * Why an outline entry such as `Act 2 › Scene 5` or `Act 2 > Beat 3` does not exist in the
 * outline, or null when it does. A scene is numbered as in the outline (or counted within its act
 * when the act is named); a beat is counted within the scene named, else within the act.
 */
export function outlineRefProblem(ref: OutlineRef, outline: Outline): string | null {
  let act: OutlineAct | undefined;
  let entry: OutlineEntry | undefined;
  for (const step of ref.steps) {
    if (step.level === 'act') {
      act = outline.acts.find((candidate) => candidate.number === step.number);
      if (!act) return `the outline has no Act ${step.number} (its acts: ${numbers(outline.acts.map((candidate) => candidate.number))})`;
      entry = undefined;
    } else if (step.level === 'scene') {
      entry = sceneIn(act ? act.entries : outline.entries, step.number, act !== undefined);
      if (!entry) {
        const elsewhere = outline.entries.find((candidate) => candidate.number === step.number);
        const home = elsewhere ? outline.acts[elsewhere.actIndex] : undefined;
        if (act && home) return `Scene ${step.number} is in Act ${home.number ?? '?'}, not Act ${act.number ?? '?'}`;
        return `the outline has no Scene ${step.number} (its scenes: ${numbers(outline.entries.map((candidate) => candidate.number))})`;
      }
    } else {
      const beats = entry ? entry.beats : (act ? act.entries : outline.entries).flatMap((candidate) => candidate.beats);
      if (step.number > beats.length) {
        const owner = entry ? `Scene ${entry.number ?? entry.title}` : act ? `Act ${act.number ?? '?'}` : 'the outline';
        return `${owner} has ${beats.length} beat${beats.length === 1 ? '' : 's'}, so there is no Beat ${step.number}`;
      }
    }
  }
  return null;
}

/** True when a quoted title names an act or a scene of the outline. */
export function outlineHasTitle(outline: Outline, title: string): boolean {
  const key = titleKey(title);
  return outline.acts.some((act) => titleKey(act.title) === key) || outline.entries.some((entry) => titleKey(entry.title) === key);
}
