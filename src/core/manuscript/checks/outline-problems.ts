import type { Finding } from '../finding.js';
import { problemAsFinding } from '../finding.js';
import type { Outline, OutlineEntry, OutlineField } from '../outline.js';
import { resolveSceneReference } from '../scene-reference.js';
import { lineText } from '../scene-prose.js';
import type { ManuscriptSnapshot } from '../snapshot.js';
import { readableWhen } from './readable-when.js';

const REQUIRED: { field: OutlineField; severity: Finding['severity'] }[] = [
  { field: 'file', severity: 'warning' },
  { field: 'pov', severity: 'warning' },
  { field: 'when', severity: 'warning' },
  { field: 'beat', severity: 'warning' },
  { field: 'characters', severity: 'info' },
];

// A field written with its label (`- **When:** Day 4`, `POV: Mara`), not read out of a sentence.
const LABELLED_LINE = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?[\p{L} ]{2,24}(?:\*\*|__)?\s*:/u;

function finding(outline: Outline, kind: string, severity: Finding['severity'], message: string, line: number): Finding {
  return { kind, severity, message, path: outline.path, line, quote: lineText(outline.source, line) };
}

function label(entry: OutlineEntry): string {
  return entry.number === null ? `"${entry.title}"` : `Scene ${entry.number}${entry.title ? ` ("${entry.title}")` : ''}`;
}

/** Missing fields, unreadable times, unknown POVs and scene files that do not exist. */
function entryProblems(outline: Outline, entry: OutlineEntry, snapshot: ManuscriptSnapshot): Finding[] {
  const problems: Finding[] = [];
  // The product's own entries promise labelled fields; a writer's list, table or paragraph does not.
  // (A time read from the heading itself, `## Check-In — Monday, March 9`, is no labelled field.)
  const labelled = entry.style === 'heading' && (['file', 'pov', 'when', 'characters'] as const).some((field) => entry.fields[field] !== undefined && entry.fields[field]!.line !== entry.line && LABELLED_LINE.test(lineText(outline.source, entry.fields[field]!.line)));
  for (const { field, severity } of labelled ? REQUIRED : []) {
    const value = entry.fields[field]?.value ?? '';
    if (value.trim() === '') problems.push(finding(outline, 'missing_field', severity, `${label(entry)} has no ${field === 'pov' ? 'POV' : field} field.`, entry.line));
  }
  const file = entry.fields.file;
  if (file && file.value.trim() !== '' && resolveSceneReference(file.value, snapshot.files) === null) {
    problems.push(finding(outline, 'scene_file_missing', 'error', `${label(entry)} names the scene file "${file.value}", which is not in the workspace.`, file.line));
  }
  const when = entry.fields.when;
  if (when && when.value.trim() !== '' && !readableWhen(when.value)) {
    problems.push(finding(outline, 'when_unreadable', 'warning', `${label(entry)}: "${when.value}" is not a story time like "Day 4, afternoon", a weekday or a date.`, when.line));
  }
  const pov = entry.fields.pov;
  if (pov && pov.value.trim() !== '' && snapshot.characters.length > 0 && snapshot.names.resolve(pov.value)?.kind !== 'character') {
    problems.push(finding(outline, 'pov_unknown', 'warning', `${label(entry)}: POV "${pov.value}" matches no character card (name or alias).`, pov.line));
  }
  return problems;
}

/**
 * Gaps, duplicates and unnumbered headings in the scene numbering, and gaps in act numbers. A gap
 * whose every number is a chapter `unplanned` (one with no entry, reported at the chapter) is no
 * second finding.
 */
function numberingProblems(outline: Outline, unplanned: ReadonlySet<number | null>): Finding[] {
  const problems: Finding[] = [];
  const seen = new Map<number, OutlineEntry>();
  let previous: number | null = null;
  for (const entry of outline.entries) {
    if (entry.number === null) {
      problems.push(finding(outline, 'scene_unnumbered', 'info', `${label(entry)} has no scene number in its heading.`, entry.line));
      // An unnumbered entry between 5 and 7 stands in for 6: no gap.
      if (previous !== null) previous += 1;
      continue;
    }
    const earlier = seen.get(entry.number);
    if (earlier) {
      problems.push(finding(outline, 'scene_number_duplicate', 'error', `Scene number ${entry.number} is used twice (also on line ${earlier.line}).`, entry.line));
    } else if (previous !== null && entry.number > previous + 1 && !everyUnplanned(previous + 1, entry.number - 1, unplanned)) {
      const missing = entry.number - previous === 2 ? `${previous + 1} is` : `${previous + 1}–${entry.number - 1} are`;
      problems.push(finding(outline, 'scene_number_gap', 'warning', `Scene ${missing} missing: the outline goes from ${previous} to ${entry.number}.`, entry.line));
    } else if (previous !== null && entry.number < previous) {
      problems.push(finding(outline, 'scene_number_order', 'warning', `Scene ${entry.number} comes after scene ${previous}.`, entry.line));
    }
    seen.set(entry.number, entry);
    previous = Math.max(previous ?? entry.number, entry.through ?? entry.number);
  }
  let previousAct: number | null = null;
  for (const act of outline.acts) {
    if (act.number === null) continue;
    if (previousAct !== null && act.number !== previousAct + 1) {
      problems.push(finding(outline, 'act_number_gap', 'warning', `Act ${act.number} follows act ${previousAct}.`, act.line));
    }
    previousAct = act.number;
  }
  return problems;
}

function everyUnplanned(first: number, last: number, unplanned: ReadonlySet<number | null>): boolean {
  for (let number = first; number <= last; number += 1) if (!unplanned.has(number)) return false;
  return true;
}

/** Every problem of an outline itself: parse problems, entries and numbering (chapters it leaves out are the continuity model's). */
export function outlineProblems(outline: Outline, snapshot: ManuscriptSnapshot, options: { unplanned?: ReadonlySet<number | null> } = {}): Finding[] {
  return [
    ...outline.problems.map((problem) => problemAsFinding(problem, outline.source.lines)),
    ...(outline.entries.length === 0 ? [finding(outline, 'outline_empty', 'warning', 'The outline has no scene entries ("### Scene N: Title").', 1)] : []),
    ...outline.entries.flatMap((entry) => entryProblems(outline, entry, snapshot)),
    ...numberingProblems(outline, options.unplanned ?? new Set()),
  ];
}
