import { ControlRoomError, OutlineAnalyzerArgsSchema, type OutlineAnalyzerArgs } from '../../protocol/index.js';
import {
  FileRefCollector,
  analyseContinuity,
  lineText,
  loadManuscriptSnapshot,
  outlineProblems,
  resolveSceneReference,
  sortFindings,
  type Outline,
  type OutlineEntry,
} from '../manuscript/index.js';
import { requireVfsPath } from '../vfs/index.js';
import { withDryRun } from './dry-run.js';
import type { ToolDefinition } from './tool-definition.js';

const MODES = ['structure', 'beats'] as const;
type Mode = (typeof MODES)[number];

function modeOf(args: OutlineAnalyzerArgs): Mode {
  const mode = (args.mode ?? 'structure').trim().toLowerCase();
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new ControlRoomError('tool_args_invalid', `outline_analyzer mode "${args.mode}" is not known; use "structure" or "beats".`, { fault: 'model' });
  }
  return mode as Mode;
}

function describeEntry(entry: OutlineEntry, files: readonly string[], mode: Mode): Record<string, unknown> {
  const file = entry.fields.file;
  const resolved = file ? resolveSceneReference(file.value, files) : null;
  const described: Record<string, unknown> = {
    number: entry.number,
    title: entry.title,
    line: entry.line,
    end_line: entry.endLine,
    file: file ? { value: file.value, line: file.line, path: resolved, exists: resolved !== null } : null,
    pov: entry.fields.pov?.value ?? null,
    when: entry.fields.when?.value ?? null,
    characters: entry.characters,
  };
  if (mode === 'beats') described['beats'] = entry.beats.map((beat) => ({ text: beat.value, line: beat.line }));
  else described['beat_count'] = entry.beats.length;
  return described;
}

function describeActs(outline: Outline, files: readonly string[], mode: Mode): Record<string, unknown>[] {
  return outline.acts.map((act) => ({
    number: act.number,
    title: act.title,
    line: act.line,
    scene_count: act.entries.length,
    beat_count: act.entries.reduce((sum, entry) => sum + entry.beats.length, 0),
    scenes: act.entries.map((entry) => describeEntry(entry, files, mode)),
  }));
}

/** `outline_analyzer`: the outline's acts, scenes and beats, with what is missing or wrong in it. */
export const outlineAnalyzerTool: ToolDefinition<OutlineAnalyzerArgs> = withDryRun<OutlineAnalyzerArgs>({
  id: 'outline_analyzer',
  summary: "The outline's acts, scenes and beats with POV, time and characters, and its gaps.",
  description:
    'Analyze the story outline: acts, scenes per act, beats, each entry\'s POV, time and characters, and problems ' +
    '(missing fields, numbering gaps or duplicates, scene files that do not exist, entries no chapter is written from, ' +
    'chapters the outline leaves out). Reads numbered lists, tables, headings with beats, acts with beat bullets and ' +
    'plain "Chapter Five." paragraphs. ' +
    'mode "structure" (default) summarises; "beats" lists every beat. Every item carries its outline line number.',
  schema: OutlineAnalyzerArgsSchema,
  example: { outline_path: 'Story/SCN-outline.md', mode: 'structure', dry_run: false },
  describeDryRun(args) {
    modeOf(args);
    const path = args.outline_path === undefined ? 'the outline found in the VFS tree' : requireVfsPath(args.outline_path);
    return `read ${path}, parse its acts and scene entries (${args.mode ?? 'structure'} mode) and check each entry's fields and scene file`;
  },
  async run(args, context) {
    const mode = modeOf(args);
    const requested = args.outline_path === undefined ? undefined : requireVfsPath(args.outline_path);
    const snapshot = await loadManuscriptSnapshot(context.workspace, requested ? { outlinePath: requested } : {});
    const outline = snapshot.outline;
    if (outline === null) {
      throw new ControlRoomError('outline_not_found', 'The workspace has no outline. Add Story/SCN-outline.md (or any *outline*.md under Story/), or pass outline_path.', { fault: 'user' });
    }
    const refs = new FileRefCollector();
    if (outline.source.lines.length > 0) refs.add(outline.source, 1, outline.source.lines.length);
    // Entries no chapter is written from, and chapters no entry plans (the chapters' lines are read
    // too); and the outline's own days and dates (a weekday its date does not fall on).
    const coverage = analyseContinuity(snapshot)
      .findings.filter((finding) => finding.category === 'outline' || (finding.category === 'time' && finding.path === outline.path))
      .map(({ category: _category, ...finding }) => finding);
    for (const scene of snapshot.scenes) if (coverage.some((finding) => finding.path === scene.path)) refs.add(scene.source, 1, Math.max(1, scene.bodyStart));
    // A gap in the outline's numbers that chapters without an entry fill is reported once, at the chapters.
    const unplanned = new Set(snapshot.scenes.filter((scene) => coverage.some((finding) => finding.kind === 'chapter_without_outline_entry' && finding.path === scene.path)).map((scene) => scene.sceneNumber?.value ?? scene.fileNumber));
    const problems = sortFindings([...outlineProblems(outline, snapshot, { unplanned }), ...coverage]);
    const povDistribution: Record<string, number> = {};
    for (const entry of outline.entries) {
      const pov = entry.fields.pov?.value;
      if (pov === undefined) continue;
      const name = snapshot.names.resolve(pov)?.name ?? pov;
      povDistribution[name] = (povDistribution[name] ?? 0) + 1;
    }
    const title = outline.source.lines.find((line) => /^#\s/.test(line));
    return {
      result: {
        outline_path: outline.path,
        mode,
        title: title === undefined ? null : title.replace(/^#\s+/, '').trim(),
        act_count: outline.acts.length,
        scene_count: outline.entries.length,
        beat_count: outline.entries.reduce((sum, entry) => sum + entry.beats.length, 0),
        acts: describeActs(outline, snapshot.files, mode),
        pov_distribution: povDistribution,
        problems: problems.map(({ kind, severity, message, path, line, quote, canon }) => ({ kind, severity, message, path, line, quote: quote || (path === outline.path ? lineText(outline.source, line) : ''), ...(canon ? { canon } : {}) })),
      },
      fileRefs: refs.refs(),
    };
  },
});
