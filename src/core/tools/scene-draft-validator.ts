import { ControlRoomError, SceneDraftValidatorArgsSchema, type SceneDraftValidatorArgs } from '../../protocol/index.js';
import {
  FileRefCollector,
  analyseContinuity,
  attachCanonQuotes,
  beatCharacterChecks,
  formatStoryTime,
  lineText,
  loadManuscriptSnapshot,
  matchOutlineEntry,
  povFindings,
  problemAsFinding,
  readProse,
  requireScene,
  sceneNumberFindings,
  resolveSceneReference,
  severityCounts,
  snapshotSources,
  sortFindings,
  timelineFindings,
  type CharacterCard,
  type Finding,
} from '../manuscript/index.js';
import { requireVfsPath } from '../vfs/index.js';
import { withDryRun } from './dry-run.js';
import type { ToolDefinition } from './tool-definition.js';

function describeCard(card: CharacterCard): Record<string, unknown> {
  const field = (value: { value: string; line: number } | null) => (value === null ? null : { value: value.value, line: value.line });
  return {
    path: card.path,
    name: card.name.value,
    aliases: card.aliases.map((alias) => alias.value),
    role: field(card.fields.get('role') ?? null),
    eyes: field(card.eyes),
    hair: field(card.hair),
    age: field(card.age),
    status: field(card.status),
    died_in: field(card.diedIn),
  };
}

/** `scene_draft_validator`: matches a scene to its outline beat and checks POV, time and cast against it. */
export const sceneDraftValidatorTool: ToolDefinition<SceneDraftValidatorArgs> = withDryRun<SceneDraftValidatorArgs>({
  id: 'scene_draft_validator',
  summary: "Check a scene against its outline beat: POV, time and the beat's characters.",
  description:
    'Validate a scene draft against its outline beat: finds the beat (by title slug, then POV, then scene number, and ' +
    'says which matched), then checks the POV, the time (front matter and day markers in the prose against the beat\'s ' +
    'When and the timeline lore) and that the beat\'s characters appear. include_canon adds the POV character\'s card ' +
    'and checks the scene against it.',
  schema: SceneDraftValidatorArgsSchema,
  example: { scene_path: 'Story/Scenes/SCN-01-the-lamp-room.md', include_canon: true, dry_run: false },
  describeDryRun(args) {
    const scene = requireVfsPath(args.scene_path);
    const outline = args.outline_path === undefined ? 'the outline found in the VFS tree' : requireVfsPath(args.outline_path);
    return `read ${scene}, match it to its beat in ${outline} and check POV, time and characters${args.include_canon ? ', with the POV character card' : ''}`;
  },
  async run(args, context) {
    const outlinePath = args.outline_path === undefined ? undefined : requireVfsPath(args.outline_path);
    const snapshot = await loadManuscriptSnapshot(context.workspace, outlinePath ? { outlinePath } : {});
    const scene = await requireScene(snapshot, context.workspace, args.scene_path);
    const outline = snapshot.outline;
    if (outline === null) {
      throw new ControlRoomError('outline_not_found', 'The workspace has no outline to validate against. Add Story/SCN-outline.md, or pass outline_path.', { fault: 'user' });
    }
    const prose = readProse(scene.source, scene.bodyStart, snapshot.names);
    const analysis = analyseContinuity(snapshot);
    // The three-pass match first; else the entry the whole outline's pairing gave this chapter.
    const paired = analysis.coverage ? [...analysis.coverage.entryOf].find(([candidate]) => candidate.path === scene.path) : undefined;
    const ownMatch = matchOutlineEntry(scene, outline, snapshot.names);
    const match = ownMatch ?? (paired ? { entry: paired[1], pass: 'scene_number' as const, reason: `the outline's order (${analysis.coverage?.how.get(paired[0]) ?? 'order'})` } : null);
    const findings: Finding[] = scene.problems.map((problem) => problemAsFinding(problem, scene.source.lines));
    // A draft this scene's own match ties to an entry is not "without an entry", here at least.
    const own = analysis.findings.filter((finding) => finding.path === scene.path && !(ownMatch && finding.kind === 'chapter_without_outline_entry'));
    findings.push(...own.filter((finding) => finding.category === 'time' || finding.category === 'outline').map(({ category: _category, ...finding }) => finding));
    const timeline = timelineFindings(scene, prose, match?.entry ?? null, outline, snapshot.lore);
    findings.push(...timeline.findings);
    let characters: { present: string[]; absent: string[] } | null = null;
    if (match) {
      findings.push(...povFindings(scene, match, outline, snapshot.names), ...sceneNumberFindings(scene, match, outline));
      const checked = beatCharacterChecks(scene, prose, match, outline, snapshot.names);
      characters = { present: checked.present, absent: checked.absent };
      findings.push(...checked.findings);
    } else if (!own.some((finding) => finding.kind === 'chapter_without_outline_entry')) {
      findings.push({ kind: 'beat_not_found', severity: 'warning', message: `No outline entry matches this scene by title slug, POV or scene number; add one to ${outline.path}.`, path: scene.path, line: 1, quote: lineText(scene.source, 1) });
    }
    const pov = scene.pov ? snapshot.names.resolve(scene.pov.value) : null;
    const povCard = pov?.kind === 'character' ? (pov.card as CharacterCard) : null;
    if (args.include_canon && povCard) {
      findings.push(...own.filter((finding) => finding.category === 'trait' && finding.canon?.path === povCard.path).map(({ category: _category, ...finding }) => finding));
    }
    const refs = new FileRefCollector();
    const sources = snapshotSources(snapshot);
    sources.set(scene.path, scene.source);
    const quoted = sortFindings(attachCanonQuotes(findings, sources, refs));
    if (match) refs.add(outline.source, match.entry.line, match.entry.endLine);
    if (scene.frontMatter.present) refs.add(scene.source, 1, Math.max(1, scene.frontMatter.bodyStart - 1));
    for (const entry of timeline.timeline) {
      const source = sources.get(entry.path);
      if (source) refs.add(source, entry.line);
    }
    const result: Record<string, unknown> = {
      scene_path: scene.path,
      scene: { title: scene.title?.value ?? null, pov: scene.pov?.value ?? null, scene_number: scene.sceneNumber?.value ?? null, when: scene.when?.value ?? null },
      match: match === null ? null : {
        pass: match.pass,
        reason: match.reason,
        outline_path: outline.path,
        entry: {
          number: match.entry.number,
          title: match.entry.title,
          line: match.entry.line,
          end_line: match.entry.endLine,
          file: match.entry.fields.file ? resolveSceneReference(match.entry.fields.file.value, snapshot.files) ?? match.entry.fields.file.value : null,
          pov: match.entry.fields.pov?.value ?? null,
          when: match.entry.fields.when?.value ?? null,
          characters: match.entry.characters,
          beats: match.entry.beats.map((beat) => ({ text: beat.value, line: beat.line })),
        },
      },
      when: {
        scene: timeline.sceneTime ? formatStoryTime(timeline.sceneTime) : null,
        outline: timeline.beatTime ? formatStoryTime(timeline.beatTime) : null,
        timeline: timeline.timeline.map((entry) => ({ path: entry.path, line: entry.line, when: formatStoryTime(entry.time), text: entry.text })),
      },
      characters,
      status: quoted.some((finding) => finding.severity === 'error') ? 'deviations' : 'matches',
      summary: severityCounts(quoted),
      findings: quoted,
    };
    if (args.include_canon) {
      result['pov_card'] = povCard === null ? null : describeCard(povCard);
      if (povCard) refs.add(povCard.source, 1, Math.max(1, povCard.bodyStart - 1));
    }
    return { result, fileRefs: refs.refs() };
  },
});
