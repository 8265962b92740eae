import { CanonCheckerArgsSchema, ControlRoomError, type CanonCheckerArgs } from '../../protocol/index.js';
import {
  FileRefCollector,
  attachCanonQuotes,
  deadCharacterFindings,
  extractNumericFacts,
  eyeColourFindings,
  loadManuscriptSnapshot,
  numericFactFindings,
  parseLoreFile,
  problemAsFinding,
  readProse,
  requireScene,
  severityCounts,
  snapshotSources,
  sortFindings,
  type CharacterCard,
  type Finding,
  type LoreFile,
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
    'Compare one scene against canon (Canon.md and the Compendium cards and lore, or the canon_paths given): ' +
    'characters who are dead by then but speak or act, counts and facts from the lore that the scene contradicts ' +
    '(e.g. a number of steps), and eye colours that differ from a character card. mode strict (default) also lists ' +
    'likely problems as warnings; lenient only certain ones. Returns status consistent|contradictions and findings ' +
    'that quote the scene line and the canon line.',
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
    const characters = snapshot.characters.filter((card) => inScope(card.path, scope));
    // Canon.md is bullets of facts like the lore files, so it is read the same way.
    const lore: LoreFile[] = snapshot.lore.filter((file) => inScope(file.path, scope));
    if (snapshot.canon && inScope(snapshot.canon.path, scope)) lore.push(parseLoreFile(snapshot.canon));
    const prose = readProse(scene.source, scene.bodyStart, snapshot.names);
    const pov = scene.pov ? snapshot.names.resolve(scene.pov.value) : null;
    const povCard = pov?.kind === 'character' ? (pov.card as CharacterCard) : null;
    const canonPaths = new Set([...characters.map((card) => card.path), ...lore.map((file) => file.path)]);
    const findings: Finding[] = [
      ...scene.problems.map((problem) => problemAsFinding(problem, scene.source.lines)),
      ...deadCharacterFindings(scene, prose, characters, snapshot.scenes, strict),
      ...numericFactFindings(prose, extractNumericFacts(lore), strict),
      ...eyeColourFindings(prose, povCard).filter((finding) => finding.canon !== undefined && canonPaths.has(finding.canon.path)),
    ];
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
        canon_files: [...canonPaths].sort(),
        status: quoted.some((finding) => finding.severity === 'error') ? 'contradictions' : 'consistent',
        summary: severityCounts(quoted),
        findings: quoted,
      },
      fileRefs: refs.refs(),
    };
  },
});
