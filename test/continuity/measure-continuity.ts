/**
 * Measures the continuity pass on a manuscript with a truth file: imports `source/` into a fresh
 * workspace with the real import, runs the real `continuity-pass` recipe, and matches every
 * finding (errors and warnings) against the planted errors. Shared by the recall test and the bench.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { openControlRoom } from '../../src/adapters/compose/index.js';
import { openPipelineRunner } from '../../src/adapters/compose/index.js';
import { importBook } from '../../src/adapters/import-sources/index.js';
import { groupFindings } from '../../src/core/runs/file-finding-issues.js';
import { InMemoryTraceStore } from '../../src/core/traces/index.js';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const MANUSCRIPTS = path.join(REPO, 'test/manuscripts');
const RECIPES = path.join(REPO, 'recipes');

export const TRUTH_KINDS = [
  'eye_colour',
  'hair_colour',
  'age',
  'fixed_trait',
  'dead_acting',
  'date',
  'count',
  'place_name',
  'outline_without_chapter',
  'chapter_without_outline',
] as const;
export type TruthKind = (typeof TRUTH_KINDS)[number];

const SideSchema = z.object({ file: z.string(), quote: z.string().min(1) });
const TruthSchema = z.object({
  title: z.string(),
  layout: z.string(),
  errors: z.array(z.object({ id: z.string(), kind: z.enum(TRUTH_KINDS), sides: z.array(SideSchema).min(1), note: z.string().optional() })),
  distractors: z.array(z.object({ id: z.string(), kind: z.string(), file: z.string(), quote: z.string(), note: z.string().optional() })).default([]),
});
export type Truth = z.infer<typeof TruthSchema>;

/** Which planted kinds a finding kind can stand for. */
const KIND_PATTERNS: Record<TruthKind, RegExp> = {
  eye_colour: /eye/,
  hair_colour: /hair/,
  age: /age|birth(day)?_|born/,
  fixed_trait: /handed|fixed_trait|birthplace|trait/,
  dead_acting: /dead|death/,
  date: /weekday|date|day_marker|when_|timeline|time_/,
  count: /canon_fact_contradiction|count|number_mismatch/,
  place_name: /place_name|name_misspelled/,
  outline_without_chapter: /outline_entry_without_chapter|beat_not_found/,
  chapter_without_outline: /chapter_without_outline/,
};

export function compatible(findingKind: string, truthKind: TruthKind): boolean {
  return KIND_PATTERNS[truthKind].test(findingKind);
}

/** A finding of the pass with the text of every line it cites. */
export interface MeasuredFinding {
  kind: string;
  severity: string;
  path: string;
  line: number;
  message: string;
  /** The finding's own line (its quote and the line it points at). */
  own: string[];
  /** Every line it cites: its own and the canon line it contradicts. */
  cited: string[];
}

export interface ManuscriptMeasure {
  slug: string;
  title: string;
  layout: string;
  errors: number;
  matchedErrors: number;
  findings: number;
  matchedFindings: number;
  recall: number;
  precision: number;
  /** Errors no finding matched. */
  missed: string[];
  /** Findings that matched no error (distractors included). */
  falsePositives: MeasuredFinding[];
  /** Recall counting only the error-level findings (what the run files as issues). */
  errorOnlyRecall: number;
  /** Recall when a finding must cite every side of the error (both lines of a contradiction). */
  bothSidesRecall: number;
}

/** The manuscripts under `test/manuscripts/` that have a `source/` folder and a `truth.json`. */
export async function listManuscripts(root = MANUSCRIPTS): Promise<string[]> {
  const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  const slugs: string[] = [];
  for (const entry of entries.filter((item) => item.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = path.join(root, entry.name);
    const ready = await Promise.all([fs.stat(path.join(dir, 'truth.json')), fs.stat(path.join(dir, 'source'))].map((probe) => probe.then(() => true, () => false)));
    if (ready.every(Boolean)) slugs.push(entry.name);
  }
  return slugs;
}

export async function readTruth(dir: string): Promise<Truth> {
  return TruthSchema.parse(JSON.parse(await fs.readFile(path.join(dir, 'truth.json'), 'utf8')));
}

/** Every finding of the continuity pass over a workspace, errors and warnings, once each. */
/** The first line of a chapter's prose after its heading (and any title or scene mark under it). */
async function firstProseLine(file: string, lineOf: (file: string, line: number) => Promise<string>): Promise<string> {
  for (let line = 2; line < 12; line += 1) {
    const text = await lineOf(file, line);
    if (text.trim() !== '' && !/^\s*(?:#|\*\s*\*|[*_][^*_]+[*_]\s*$)/.test(text)) return text;
  }
  return '';
}

async function passFindings(workspace: string): Promise<MeasuredFinding[]> {
  const room = await openControlRoom(workspace, { traces: new InMemoryTraceStore(), homeDir: null, env: {} });
  try {
    const runner = openPipelineRunner(room, { bundledRecipesDir: RECIPES });
    const run = await runner.wait((await runner.start('continuity-pass')).id);
    if (run.status !== 'succeeded') throw new Error(`continuity pass ended ${run.status}: ${JSON.stringify(run.error)}`);
    const slots = ['canon', 'consistency', 'beat', 'outline'];
    const cache = { slots: Object.fromEntries(await Promise.all(slots.map(async (slot) => [slot, await runner.cacheSlot(run.id, slot)] as const))) };
    const groups = groupFindings(cache as Parameters<typeof groupFindings>[0], slots, ['error', 'warning'], (step) => step);
    const lines = new Map<string, string[]>();
    const lineOf = async (file: string, line: number): Promise<string> => {
      if (!lines.has(file)) lines.set(file, (await fs.readFile(path.join(workspace, file), 'utf8').catch(() => '')).split(/\r?\n/));
      return lines.get(file)![line - 1] ?? '';
    };
    const found: MeasuredFinding[] = [];
    for (const { finding } of groups) {
      const own = [finding.quote, await lineOf(finding.path, finding.line)].filter((text) => text.trim() !== '');
      // A finding about a whole chapter points at its heading; a truth file may cite its first line instead.
      if (/chapter_without_outline/.test(finding.kind) && /^\s*#/.test(own.at(-1) ?? '')) own.push(await firstProseLine(finding.path, lineOf));
      const canon = finding.canon ? [finding.canon.quote ?? '', await lineOf(finding.canon.path, finding.canon.line)] : [];
      found.push({ kind: finding.kind, severity: finding.severity, path: finding.path, line: finding.line, message: finding.message, own, cited: [...own, ...canon.filter((text) => text.trim() !== '')] });
    }
    return found;
  } finally {
    await room.close();
  }
}

/** Folds quotes and cited lines alike: wiki links (the import keeps the words they show), curly quotes and dashes, emphasis, heading marks, table cells as a sheet's commas, runs of spaces, case. */
const fold = (text: string): string =>
  text
    .replace(/\[\[([^\]|]*)\|([^\]]*)\]\]/g, '$2')
    .replace(/\[\[([^\]]*)\]\]/g, '$1')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[*_`]/g, '')
    // A heading's level may change on import (`## Chapter 6` of a one-file novel becomes its chapter's `# Chapter 6`).
    .replace(/^\s*#+\s*/, '')
    // A spreadsheet's row (`10,1974-11-30,Saturday`) is imported as a table row (`| 10 | 1974-11-30 | Saturday |`).
    .replace(/^\s*\|\s*|\s*\|\s*$/g, '')
    .replace(/\s*\|\s*/g, ',')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * A finding matches an error when its kind fits and the line it points at holds one of the error's
 * sides (the line it contradicts may be any line stating the fact). `strict` also asks that every
 * side be among the lines it cites.
 */
export function matches(finding: MeasuredFinding, error: Truth['errors'][number], strict = false): boolean {
  if (!compatible(finding.kind, error.kind)) return false;
  const own = finding.own.map(fold);
  if (!error.sides.some((side) => own.some((line) => line.includes(fold(side.quote))))) return false;
  const cited = finding.cited.map(fold);
  return !strict || error.sides.every((side) => cited.some((line) => line.includes(fold(side.quote))));
}

/** Imports one manuscript, runs the pass and scores it against its truth. */
export async function measureManuscript(dir: string, scratch?: string): Promise<ManuscriptMeasure> {
  const truth = await readTruth(dir);
  const base = scratch ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'cr-continuity-')));
  const workspace = path.join(base, `${path.basename(dir)}-workspace`);
  try {
    await importBook({ source: path.join(dir, 'source'), workspace });
    const findings = await passFindings(workspace);
    const matchedErrors = truth.errors.filter((error) => findings.some((finding) => matches(finding, error)));
    const errorLevel = findings.filter((finding) => finding.severity === 'error');
    const matchedByErrors = truth.errors.filter((error) => errorLevel.some((finding) => matches(finding, error)));
    const falsePositives = findings.filter((finding) => !truth.errors.some((error) => matches(finding, error)));
    const matchedFindings = findings.length - falsePositives.length;
    return {
      slug: path.basename(dir),
      title: truth.title,
      layout: truth.layout,
      errors: truth.errors.length,
      matchedErrors: matchedErrors.length,
      findings: findings.length,
      matchedFindings,
      recall: truth.errors.length === 0 ? 1 : matchedErrors.length / truth.errors.length,
      precision: findings.length === 0 ? 1 : matchedFindings / findings.length,
      missed: truth.errors.filter((error) => !matchedErrors.includes(error)).map((error) => `${error.id} (${error.kind}): ${error.sides.map((side) => side.quote).join(' / ')}`),
      falsePositives,
      errorOnlyRecall: truth.errors.length === 0 ? 1 : matchedByErrors.length / truth.errors.length,
      bothSidesRecall: truth.errors.length === 0 ? 1 : truth.errors.filter((error) => findings.some((finding) => matches(finding, error, true))).length / truth.errors.length,
    };
  } finally {
    if (scratch === undefined) await fs.rm(base, { recursive: true, force: true });
  }
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** The figures as a Markdown table, one row per manuscript. */
export function measureTable(rows: readonly ManuscriptMeasure[]): string {
  return [
    '| manuscript | layout | planted errors | found | findings | matching | recall | precision | recall, errors only | recall, both lines cited |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.slug} | ${row.layout.replaceAll('|', '\\|')} | ${row.errors} | ${row.matchedErrors} | ${row.findings} | ${row.matchedFindings} | ${percent(row.recall)} | ${percent(row.precision)} | ${percent(row.errorOnlyRecall)} | ${percent(row.bothSidesRecall)} |`,
    ),
  ].join('\n');
}

/** What went wrong on one manuscript, for a reader tuning the checks. */
export function measureDetails(row: ManuscriptMeasure): string {
  return [
    `${row.slug}: recall ${percent(row.recall)}, precision ${percent(row.precision)}`,
    ...row.missed.map((text) => `  missed ${text}`),
    ...row.falsePositives.map((finding) => `  false positive ${finding.kind} (${finding.severity}) ${finding.path}#L${finding.line}: ${finding.message}`),
  ].join('\n');
}
