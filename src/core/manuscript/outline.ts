import type { ParseProblem } from './finding.js';
import type { SourceText } from './file-ref.js';
import { parseFrontMatter } from './front-matter.js';
import { bulletText, isBullet, parseLabelledLine, stripMarkdown, type Located } from './labelled-line.js';

/** The fields an outline scene entry may carry, after label aliases are folded. */
export type OutlineField = 'file' | 'pov' | 'when' | 'characters' | 'beat' | 'location';

/** One scene of the outline (`### Scene 8: Letters` and its bullets). */
export interface OutlineEntry {
  /** The number in the heading, or null when the heading has none. */
  number: number | null;
  title: string;
  /** Line of the heading; `endLine` is the entry's last non-empty line. */
  line: number;
  endLine: number;
  /** Index into `Outline.acts`. */
  actIndex: number;
  fields: Partial<Record<OutlineField, Located<string>>>;
  /** Each `Beat:` line and each bullet nested under a `Beats:` label. */
  beats: Located<string>[];
  /** Names listed in `Characters:`. */
  characters: string[];
}

/** An act (`## Act 2 — The Log`); entries before the first act heading sit in an untitled act. */
export interface OutlineAct {
  number: number | null;
  title: string;
  line: number;
  entries: OutlineEntry[];
}

/** A parsed outline: its acts, every scene entry in order, and what could not be parsed. */
export interface Outline {
  source: SourceText;
  path: string;
  acts: OutlineAct[];
  entries: OutlineEntry[];
  problems: ParseProblem[];
}

const LABEL_ALIASES: Record<string, OutlineField> = {
  file: 'file', 'scene file': 'file', path: 'file',
  pov: 'pov', 'point of view': 'pov', viewpoint: 'pov',
  when: 'when', time: 'when', day: 'when', date: 'when',
  characters: 'characters', cast: 'characters', who: 'characters',
  beat: 'beat', beats: 'beat', summary: 'beat',
  location: 'location', where: 'location', place: 'location', setting: 'location',
};
const ROMAN: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8, IX: 9, X: 10, XI: 11, XII: 12 };
const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const ACT_HEADING = /^#{1,3}\s+(?:Act|Part|Book)\s+([0-9]+|[IVXivx]+|[A-Za-z]+)\b\s*[:.—–-]?\s*(.*)$/;
const SCENE_HEADING = /^#{2,4}\s+(?:Scene|Chapter|SCN)?\s*[-#]?\s*(\d+)?\s*[:.)—–-]?\s*(.*)$/i;

function headingNumber(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token);
  return ROMAN[token.toUpperCase()] ?? WORD_NUMBERS[token.toLowerCase()] ?? null;
}

function splitNames(value: string): string[] {
  return value.split(/,|;|\band\b|&/).map((name) => stripMarkdown(name).replace(/\.$/, '').trim()).filter((name) => name !== '');
}

/** Parses an outline. Tolerates bold labels, missing fields, unnumbered headings and stray text. */
export function parseOutline(source: SourceText): Outline {
  const frontMatter = parseFrontMatter(source.path, source.lines);
  const problems: ParseProblem[] = frontMatter.problem ? [frontMatter.problem] : [];
  const acts: OutlineAct[] = [];
  const entries: OutlineEntry[] = [];
  let current: OutlineEntry | null = null;
  let lastField: OutlineField | null = null;
  let inBeatList = false;

  const currentAct = (): number => {
    if (acts.length === 0) acts.push({ number: null, title: '', line: 0, entries: [] });
    return acts.length - 1;
  };

  for (let line = frontMatter.bodyStart; line <= source.lines.length; line += 1) {
    const text = source.lines[line - 1]!;
    if (text.trim() === '') {
      lastField = null;
      continue;
    }
    const act = ACT_HEADING.exec(text);
    if (act) {
      acts.push({ number: headingNumber(act[1]!), title: stripMarkdown(act[2] ?? ''), line, entries: [] });
      current = null;
      continue;
    }
    if (/^#/.test(text)) {
      const scene = SCENE_HEADING.exec(text);
      const level = /^#+/.exec(text)![0].length;
      // A level-2 heading is a scene only when it says so (`## Scene 3`); otherwise it is a section.
      const isScene = scene !== null && (level > 2 || scene[1] !== undefined || /^#+\s+(?:Scene|Chapter|SCN)\b/i.test(text));
      if (scene && isScene) {
        const actIndex = currentAct();
        current = { number: scene[1] === undefined ? null : Number(scene[1]), title: stripMarkdown(scene[2] ?? ''), line, endLine: line, actIndex, fields: {}, beats: [], characters: [] };
        acts[actIndex]!.entries.push(current);
        entries.push(current);
      } else {
        current = null;
      }
      lastField = null;
      inBeatList = false;
      continue;
    }
    if (current === null) continue;
    current.endLine = line;
    const nested = /^\s{2,}[-*+]\s/.test(text);
    if (nested && inBeatList) {
      current.beats.push({ value: bulletText(text), line });
      continue;
    }
    const labelled = parseLabelledLine(text);
    const field = labelled ? LABEL_ALIASES[labelled.label] : undefined;
    if (labelled && field) {
      inBeatList = field === 'beat' && labelled.value === '';
      lastField = field;
      if (field === 'beat') {
        if (labelled.value !== '') current.beats.push({ value: labelled.value, line });
        current.fields.beat ??= { value: labelled.value, line };
        continue;
      }
      if (current.fields[field]) {
        problems.push({ code: 'outline_field_repeated', message: `Scene entry "${current.title}" repeats its ${field} field.`, path: source.path, line });
        continue;
      }
      current.fields[field] = { value: labelled.value, line };
      if (field === 'characters') current.characters = splitNames(labelled.value);
      continue;
    }
    if (!isBullet(text) && lastField !== null) {
      // A wrapped line continues the field above it.
      const previous = current.fields[lastField];
      if (previous) previous.value = `${previous.value} ${text.trim()}`.trim();
      if (lastField === 'beat' && current.beats.length > 0) {
        const beat = current.beats[current.beats.length - 1]!;
        beat.value = `${beat.value} ${text.trim()}`;
      }
      if (lastField === 'characters' && previous) current.characters = splitNames(previous.value);
      continue;
    }
    if (isBullet(text) && inBeatList) {
      current.beats.push({ value: bulletText(text), line });
      continue;
    }
    // Free text under a heading is the beat when none was labelled.
    if (!current.fields.beat) {
      current.fields.beat = { value: stripMarkdown(isBullet(text) ? bulletText(text) : text), line };
      current.beats.push({ value: current.fields.beat.value, line });
    }
  }
  return { source, path: source.path, acts, entries, problems };
}
