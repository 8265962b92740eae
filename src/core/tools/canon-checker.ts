import { CanonCheckerArgsSchema, ControlRoomError, type CanonCheckerArgs } from '../../protocol/index.js';
import {
  FileRefCollector,
  analyseContinuity,
  attachCanonQuotes,
  extractNumericFacts,
  loadManuscriptSnapshot,
  numericFactFindings,
  parseLoreFile,
  readProse,
  problemAsFinding,
  requireScene,
  severityCounts,
  snapshotSources,
  sortFindings,
  type Finding,
  type ManuscriptSnapshot,
} from '../manuscript/index.js';
import { requireVfsPath } from '../vfs/index.js';
import { withDryRun } from './dry-run.js';
import type { ToolDefinition } from './tool-definition.js';

const MODES = ['strict', 'lenient'] as const;
type Mode = (typeof MODES)[number];
const DEFAULT_CANON = ['Canon.md', 'Compendium/'];

function modeOf(args: CanonCheckerArgs): Mode {
  const mode = (args.mode ?? 'strict').trim().toLowerCase();
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new ControlRoomError('tool_args_invalid', `canon_checker mode "${args.mode}" is not known; use "strict" or "lenient".`, { fault: 'model' });
  }
  return mode as Mode;
}

/** The canon paths asked for (files or folders), each checked against the VFS. */
function canonScope(args: CanonCheckerArgs, snapshot: ManuscriptSnapshot): string[] {
  const requested = (args.canon_paths ?? DEFAULT_CANON).map((path) => requireVfsPath(path));
  for (const path of requested) {
    const exists = snapshot.files.some((file) => file === path || file.startsWith(`${path.replace(/\/$/, '')}/`));
    if (!exists) throw new ControlRoomError('path_not_found', `No canon file or folder "${path}" in the workspace. Use Canon.md or a path under Compendium/.`, { fault: 'model' });
  }
  return requested;
}

function inScope(path: string, scope: readonly string[]): boolean {
  return scope.some((entry) => path === entry || path.startsWith(`${entry.replace(/\/$/, '')}/`));
}

/** `canon_checker`: compares one scene against Canon.md and the Compendium and quotes both sides. */
export const canonCheckerTool: ToolDefinition<CanonCheckerArgs> = withDryRun<CanonCheckerArgs>({
  id: 'canon_checker',
  summary: 'Check one scene against Canon.md and the Compendium: dead characters acting, contradicted facts, eye colours.',
  description:
    'Compare one scene against canon (Canon.md and the Compendium cards and lore, or the canon_paths given) and ' +
    'against what earlier chapters state: characters who are dead by then but speak or act (by any name), fixed ' +
    'traits that differ (eye and hair colour, handedness, scars, place of birth), ages against births and time ' +
    'passing, and counts from the notes that the scene contradicts (e.g. a number of steps). mode strict (default) ' +
    'also lists likely problems as warnings; lenient only certain ones. Returns status consistent|contradictions and findings that quote the scene line and the canon line.',
  schema: CanonCheckerArgsSchema,
  example: { scene_path: 'Story/Scenes/SCN-01-the-lamp-room.md', canon_paths: ['Canon.md', 'Compendium/'], mode: 'strict', dry_run: false },
  describeDryRun(args) {
    modeOf(args);
    const scene = requireVfsPath(args.scene_path);
    const canon = (args.canon_paths ?? DEFAULT_CANON).map((path) => requireVfsPath(path));
    return `read ${scene} and compare it with ${canon.join(', ')} (${args.mode ?? 'strict'} mode)`;
  },
  async run(args, context) {
    const mode = modeOf(args);
    const strict = mode === 'strict';
    const snapshot = await loadManuscriptSnapshot(context.workspace);
    const scene = await requireScene(snapshot, context.workspace, args.scene_path);
    const scope = canonScope(args, snapshot);
    const canonFiles = [...snapshot.characters, ...snapshot.places, ...snapshot.lore].map((file) => file.path).filter((path) => inScope(path, scope));
    // The manuscript's own earlier lines are canon too: a trait or age the prose stated before.
    const inCanon = (finding: Finding): boolean => finding.canon === undefined || inScope(finding.canon.path, scope) || snapshot.scenes.some((other) => other.path === finding.canon!.path);
    const model = analyseContinuity(snapshot).findings.filter((finding) => finding.path === scene.path && ['trait', 'age', 'death', 'number'].includes(finding.category) && inCanon(finding));
    const findings: Finding[] = [...scene.problems.map((problem) => problemAsFinding(problem, scene.source.lines)), ...model.map(({ category: _category, ...finding }) => finding)];
    // Canon.md is bullets of facts like the lore files: its counts are read the same way.
    if (snapshot.canon && inScope(snapshot.canon.path, scope)) {
      const prose = readProse(scene.source, scene.bodyStart, snapshot.names);
      const fromCanon = numericFactFindings(prose, extractNumericFacts([parseLoreFile(snapshot.canon)]), strict);
      findings.push(...fromCanon.filter((finding) => !findings.some((other) => other.line === finding.line && other.kind === finding.kind)));
    }
    const kept = strict ? findings : findings.filter((finding) => finding.severity === 'error');
    const refs = new FileRefCollector();
    const sources = snapshotSources(snapshot);
    sources.set(scene.path, scene.source);
    const quoted = sortFindings(attachCanonQuotes(kept, sources, refs));
    return {
      result: {
        scene_path: scene.path,
        mode,
        canon_paths: scope,
        canon_files: [...new Set([...canonFiles, ...quoted.map((finding) => finding.canon?.path).filter((path): path is string => path !== undefined)])].sort(),
        status: quoted.some((finding) => finding.severity === 'error') ? 'contradictions' : 'consistent',
        summary: severityCounts(quoted),
        findings: quoted,
      },
      fileRefs: refs.refs(),
    };
  },
});
