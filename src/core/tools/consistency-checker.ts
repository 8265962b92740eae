import { ConsistencyCheckerArgsSchema, type ConsistencyCheckerArgs } from '../../protocol/index.js';
import {
  FileRefCollector,
  analyseContinuity,
  attachCanonQuotes,
  findNearMisses,
  lineText,
  loadManuscriptSnapshot,
  problemAsFinding,
  proposeNames,
  readProse,
  requireDocument,
  sceneOrderFindings,
  severityCounts,
  snapshotSources,
  sortFindings,
  terminologyFindings,
  type FileProse,
  type Finding,
  type FindingCategory,
  type ManuscriptDocument,
  type ManuscriptSnapshot,
} from '../manuscript/index.js';
import type { Workspace } from '../ports/index.js';
import { requireVfsPath } from '../vfs/index.js';
import { withDryRun } from './dry-run.js';
import { cachedManuscriptAnalysis } from './manuscript-analysis-cache.js';
import type { ToolDefinition, ToolOutput } from './tool-definition.js';

type Focus = NonNullable<ConsistencyCheckerArgs['focus']>;

interface CheckedFile {
  document: ManuscriptDocument;
  prose: FileProse;
}

/** Misnamings of characters (focus characters) or places (focus terminology), or both. */
function misnamingFindings(file: CheckedFile, snapshot: ManuscriptSnapshot, kinds: ReadonlySet<'character' | 'place'>): Finding[] {
  return findNearMisses(file.prose, snapshot.names, snapshot.vocabulary)
    .filter((miss) => kinds.has(miss.entity.kind))
    .map((miss) => {
      const card = miss.entity.card;
      const formLine = card.aliases.find((alias) => alias.value === miss.form)?.line ?? card.name.line;
      return {
        kind: miss.entity.kind === 'place' ? 'place_name_misspelled' : 'character_name_misspelled',
        // Two letters apart ("Penrhyn" beside "Penrhiw") may be another name: a question, not a certainty.
        severity: miss.weak || miss.distance > 1 ? 'warning' : 'error',
        message: `"${miss.text}" is not a known name; the ${miss.entity.kind} card spells it "${miss.form}".`,
        path: file.document.source.path,
        line: miss.line,
        quote: lineText(file.document.source, miss.line),
        canon: { path: card.path, line: formLine, value: miss.form },
      } satisfies Finding;
    });
}

// What each focus covers of the continuity model's findings.
const CATEGORIES: Record<Focus, readonly FindingCategory[]> = {
  characters: ['trait', 'age', 'death'],
  events: ['number', 'death'],
  terminology: [],
  general: ['trait', 'age', 'death', 'number'],
};

function runChecks(files: readonly CheckedFile[], snapshot: ManuscriptSnapshot, focus: Focus): Finding[] {
  const wants = (area: Focus): boolean => focus === 'general' || focus === area;
  const paths = new Set(files.map((file) => file.document.source.path));
  const categories = CATEGORIES[focus];
  const findings: Finding[] = analyseContinuity(snapshot)
    .findings.filter((finding) => paths.has(finding.path) && categories.includes(finding.category))
    .map(({ category: _category, ...finding }) => finding);
  for (const file of files) {
    const { document } = file;
    findings.push(...(document.scene?.problems ?? []).map((problem) => problemAsFinding(problem, document.source.lines)));
    const kinds = new Set<'character' | 'place'>([...(wants('characters') ? ['character' as const] : []), ...(wants('terminology') ? ['place' as const] : [])]);
    findings.push(...misnamingFindings(file, snapshot, kinds));
    if (wants('events') && document.scene) findings.push(...sceneOrderFindings(document.scene, snapshot.scenes));
  }
  if (wants('terminology')) findings.push(...terminologyFindings(files.map((file) => file.prose)));
  return findings;
}

/** Which Compendium entries the files mention, and on which lines (a cross-reference map). */
function entityMap(files: readonly CheckedFile[]): Record<string, unknown>[] {
  const entities = new Map<string, { name: string; kind: string; card: string; mentions: number; files: Record<string, number[]> }>();
  for (const { prose } of files) {
    for (const mention of prose.mentions) {
      if (mention.match.entities.length !== 1) continue;
      const entity = mention.match.entities[0]!;
      const entry = entities.get(entity.id) ?? { name: entity.name, kind: entity.kind, card: entity.id, mentions: 0, files: {} };
      entry.mentions += 1;
      const lines = (entry.files[prose.source.path] ??= []);
      if (!lines.includes(mention.line) && lines.length < 25) lines.push(mention.line);
      entities.set(entity.id, entry);
    }
  }
  return [...entities.values()].sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name));
}

/** Cross-checks the files against each other, the rest of the manuscript and the Compendium. */
async function crossCheck(paths: readonly string[], focus: Focus, workspace: Workspace): Promise<ToolOutput> {
  const snapshot = await loadManuscriptSnapshot(workspace);
  const files: CheckedFile[] = [];
  for (const path of paths) {
    const document = await requireDocument(snapshot, workspace, path);
    files.push({ document, prose: readProse(document.source, document.bodyStart, snapshot.names) });
  }
  const refs = new FileRefCollector();
  const sources = snapshotSources(snapshot);
  for (const { document } of files) {
    sources.set(document.source.path, document.source);
    // The whole file was read and the entity map cites its lines, so the receipt covers all of it.
    if (document.source.lines.length > 0) refs.add(document.source, 1, document.source.lines.length);
  }
  const findings = sortFindings(attachCanonQuotes(runChecks(files, snapshot, focus), sources, refs));
  // A misnaming is reported as a finding, not proposed as a new entry.
  const misnamed = new Set(findings.filter((finding) => finding.kind.endsWith('_name_misspelled')).map((finding) => /^"([^"]+)"/.exec(finding.message)?.[1] ?? ''));
  const proposed = proposeNames(files.map((file) => file.prose), snapshot.names, misnamed);
  for (const proposal of proposed) {
    const source = sources.get(proposal.first.path);
    if (source) refs.add(source, proposal.first.line);
  }
  return {
    result: {
      files: [...paths],
      focus,
      summary: severityCounts(findings),
      findings,
      entities: entityMap(files),
      proposed_names: proposed,
    },
    fileRefs: refs.refs(),
  };
}

/** `consistency_checker`: reads up to ten files and cross-references them with each other and the Compendium. */
export const consistencyCheckerTool: ToolDefinition<ConsistencyCheckerArgs> = withDryRun<ConsistencyCheckerArgs>({
  id: 'consistency_checker',
  summary: 'Cross-check 1-10 files against each other and the Compendium: names, spellings, eye colours, counts.',
  description:
    'Cross-reference 1-10 manuscript files against each other, the rest of the manuscript and the Compendium: which ' +
    'characters and places each file names (by full name, first name, surname, title or nickname, with line numbers), ' +
    'traits that contradict a card or an earlier chapter (eyes, hair, handedness, scars, age), misspelled character or ' +
    'place names, terms spelled two ways, dead characters who speak or act, and counts that contradict the notes. ' +
    'focus: characters, terminology, events or general (default). Each finding quotes the scene line and the canon line.',
  schema: ConsistencyCheckerArgsSchema,
  example: { file_paths: ['Story/Scenes/SCN-01-the-lamp-room.md', 'Compendium/Characters/CHAR-hester-vane.md'], focus: 'general', dry_run: false },
  describeDryRun(args) {
    const paths = args.file_paths.map((path) => requireVfsPath(path));
    return `read ${paths.join(', ')} and the Compendium, and cross-reference them (focus ${args.focus ?? 'general'})`;
  },
  async run(args, context) {
    const focus: Focus = args.focus ?? 'general';
    const paths = [...new Set(args.file_paths.map((path) => requireVfsPath(path)))];
    // Over unchanged files the answer is the same: asked again, it is not worked out again.
    return cachedManuscriptAnalysis(consistencyCheckerTool.id, { paths, focus }, context.workspace, paths, (workspace) => crossCheck(paths, focus, workspace));
  },
});
