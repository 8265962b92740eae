// The outline reader alone: the manuscript barrel also brings the prose analysers.
import { parseOutline, type Outline, type OutlineAct, type OutlineEntry } from '../manuscript/outline.js';
import type { Located } from '../manuscript/labelled-line.js';
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

/**
 * The scene numbered `number` in `pool`; counted by place within an act only when no scene of the
 * outline carries that number (an outline numbered through the book has Scene 3 in one act only).
 */
function sceneIn(pool: readonly OutlineEntry[], number: number, positional: boolean, outline: Outline): OutlineEntry | undefined {
  const numbered = pool.find((entry) => entry.number === number);
  if (numbered || !positional) return numbered;
  return outline.entries.some((entry) => entry.number === number) ? undefined : pool[number - 1];
}

/** True when a title written in a reference names `actual` (or begins with it: "High Water opens"). */
export function titleMatches(written: string, actual: string): boolean {
  const bare = (title: string): string => titleKey(title).replace(/^(?:the|a|an) /, '');
  const given = bare(written);
  const real = bare(actual);
  if (real === '') return true;
  return given === real || given.startsWith(`${real} `) || (given.length >= 4 && real.startsWith(given));
}

/** What an outline reference points at: the act, scene entry and beat it names (outermost first). */
export interface OutlineTarget {
  act?: OutlineAct;
  entry?: OutlineEntry;
  beat?: Located<string>;
}

/**
 * Resolves an outline entry such as `Act 2 › Scene 5` or `Act 2 > Beat 3`, or says why it does
 * not exist. A scene is numbered as in the outline (or counted within its act when the act is
 * named); a beat is counted within the scene named, else within the act.
 */
export function resolveOutlineRef(ref: OutlineRef, outline: Outline): { ok: true; target: OutlineTarget } | { ok: false; problem: string } {
  const target: OutlineTarget = {};
  for (const step of ref.steps) {
    if (step.level === 'act') {
      const act = outline.acts.find((candidate) => candidate.number === step.number);
      if (!act) return { ok: false, problem: `the outline has no Act ${step.number} (its acts: ${numbers(outline.acts.map((candidate) => candidate.number))})` };
      if (step.title !== undefined && !titleMatches(step.title, act.title)) {
        return { ok: false, problem: `Act ${step.number} is titled “${act.title}”, not “${step.title}”` };
      }
      target.act = act;
      delete target.entry;
    } else if (step.level === 'scene') {
      const act = target.act;
      const entry = sceneIn(act ? act.entries : outline.entries, step.number, act !== undefined, outline);
      if (!entry) {
        const elsewhere = outline.entries.find((candidate) => candidate.number === step.number);
        const home = elsewhere ? outline.acts[elsewhere.actIndex] : undefined;
        if (act && home) return { ok: false, problem: `Scene ${step.number} is in Act ${home.number ?? '?'}, not Act ${act.number ?? '?'}` };
        return { ok: false, problem: `the outline has no Scene ${step.number} (its scenes: ${numbers(outline.entries.map((candidate) => candidate.number))})` };
      }
      if (step.title !== undefined && !titleMatches(step.title, entry.title)) {
        return { ok: false, problem: `Scene ${entry.number ?? step.number} is titled “${entry.title}”, not “${step.title}”` };
      }
      target.entry = entry;
    } else {
      const entry = target.entry;
      const act = target.act;
      const beats = entry ? entry.beats : (act ? act.entries : outline.entries).flatMap((candidate) => candidate.beats);
      const beat = beats[step.number - 1];
      if (!beat) {
        const owner = entry ? `Scene ${entry.number ?? entry.title}` : act ? `Act ${act.number ?? '?'}` : 'the outline';
        return { ok: false, problem: `${owner} has ${beats.length} beat${beats.length === 1 ? '' : 's'}, so there is no Beat ${step.number}` };
      }
      target.beat = beat;
    }
  }
  return { ok: true, target };
}

/** Why an outline reference does not exist in the outline, or null when it does. */
export function outlineRefProblem(ref: OutlineRef, outline: Outline): string | null {
  const resolved = resolveOutlineRef(ref, outline);
  return resolved.ok ? null : resolved.problem;
}

/** The outline lines a target covers: a beat's line, a scene entry's lines, or an act's lines up to the next act. */
export function targetLines(target: OutlineTarget, outline: Outline, lastLine: number): { start: number; end: number } | null {
  if (target.beat) return { start: target.beat.line, end: target.beat.line };
  if (target.entry) return { start: target.entry.line, end: target.entry.endLine };
  if (target.act) {
    const index = outline.acts.indexOf(target.act);
    const next = outline.acts[index + 1];
    return { start: Math.max(1, target.act.line), end: next ? next.line - 1 : lastLine };
  }
  return null;
}

/** True when a quoted title names an act or a scene of the outline. */
export function outlineHasTitle(outline: Outline, title: string): boolean {
  const key = titleKey(title);
  return outline.acts.some((act) => titleKey(act.title) === key) || outline.entries.some((entry) => titleKey(entry.title) === key);
}
