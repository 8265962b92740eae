import { CANON_VFS_PATH, isControlRoomError, type VfsNode, type VfsTree } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { splitLines } from '../vfs/index.js';
import { parseCharacterCard, parsePlaceCard, type CharacterCard, type PlaceCard } from './cards.js';
import type { ParseProblem } from './finding.js';
import type { SourceText } from './file-ref.js';
import { parseLoreFile, type LoreFile } from './lore.js';
import { learnNames } from './facts/learn-names.js';
import { narratorKin } from './facts/narrator.js';
import { buildNameIndex, type NameIndex } from './name-index.js';
import { readProse } from './scene-prose.js';
import { sha256Hex } from './file-ref.js';
import { parseOutline, type Outline } from './outline.js';
import { parseSceneFile, type SceneFile } from './scene-file.js';
import { collectVocabulary, type Vocabulary } from './vocabulary.js';

/** Everything the manuscript checks need, read once per tool run through the Workspace port. */
export interface ManuscriptSnapshot {
  tree: VfsTree;
  /** Every VFS file path. */
  files: string[];
  outline: Outline | null;
  /** Scene files, ordered by scene number (then path). */
  scenes: SceneFile[];
  characters: CharacterCard[];
  places: PlaceCard[];
  lore: LoreFile[];
  /** `Canon.md`, the canon index. */
  canon: SourceText | null;
  names: NameIndex;
  /** Capitalised words the Compendium and canon use, so they are never called misnamings. */
  vocabulary: Vocabulary;
  /** Files that could not be read or parsed cleanly. */
  problems: ParseProblem[];
}

/** Which parts to load; by default all of them. */
export interface SnapshotOptions {
  /** Read the outline from here instead of the tree's `outlinePath`. */
  outlinePath?: string;
  /** Skip reading scene files (the outline analyzer only checks they exist). */
  scenes?: boolean;
}

function filesOf(node: VfsNode, into: { path: string; role: string }[]): void {
  if (node.type === 'file') into.push({ path: node.path, role: node.role });
  else for (const child of node.children) filesOf(child, into);
}

/** Learned names of recent manuscripts, by a hash of the texts they were learned from. */
const learnedCache = new Map<string, { nicknames: Map<string, string[]>; genders: Map<string, CharacterCard['gender']> }>();
const LEARNED_CACHE_SIZE = 8;

/**
 * The name index, with what the text teaches: genders from the pronouns that follow each name
 * (set on cards that state none) and nicknames the prose gives ("Birdie, the old man called her").
 */
function namesWithLearning(characters: CharacterCard[], places: PlaceCard[], scenes: readonly SceneFile[]): NameIndex {
  const base = buildNameIndex(characters, places);
  if (characters.length === 0) return base;
  const key = sha256Hex([...characters, ...places, ...scenes].map((file) => `${file.path}\u0000${file.source.lines.join('\n')}`).join('\u0001'));
  let learned = learnedCache.get(key);
  if (learned === undefined) {
    const sceneProses = scenes.map((scene) => ({ scene, prose: readProse(scene.source, scene.bodyStart, base) }));
    const cardProses = characters.map((card) => ({ card, prose: readProse(card.source, card.bodyStart, base) }));
    const pointOfView = new Map(sceneProses.map(({ scene, prose }) => {
      const entity = scene.pov ? base.resolve(scene.pov.value) : null;
      return [prose, entity?.kind === 'character' ? (entity.card as CharacterCard) : null] as const;
    }));
    const owners = new Map(cardProses.map(({ card, prose }) => [prose, card] as const));
    const result = learnNames([...sceneProses.map((entry) => entry.prose), ...cardProses.map((entry) => entry.prose)], characters, base, (prose) => pointOfView.get(prose) ?? null, (prose) => owners.get(prose) ?? null);
    learned = {
      nicknames: new Map([...result.nicknames].map(([path, forms]) => [path, forms.map((entry) => entry.form)])),
      genders: result.genders,
    };
    if (learnedCache.size >= LEARNED_CACHE_SIZE) learnedCache.delete(learnedCache.keys().next().value!);
    learnedCache.set(key, learned);
  }
  for (const card of characters) card.gender ??= learned.genders.get(card.path) ?? null;
  // What a first-person narrator calls the family the cards name ("Mum" for "the narrator's mother").
  const nicknames = new Map(learned.nicknames);
  for (const [path, forms] of narratorKin(characters)) nicknames.set(path, [...(nicknames.get(path) ?? []), ...forms]);
  return buildNameIndex(characters, places, nicknames);
}

/** Reads one file through the port as lines; null (plus a problem) when it cannot be read as text. */
export async function readSource(workspace: Workspace, path: string, problems?: ParseProblem[]): Promise<SourceText | null> {
  try {
    const file = await workspace.read(path);
    return { path: file.path, lines: splitLines(file.content) };
  } catch (error) {
    if (!isControlRoomError(error) || problems === undefined) throw error;
    problems.push({ code: error.code, message: error.message, path, line: 0 });
    return null;
  }
}

/** The numbers of a scene's folders under `Story/` (`Story/Part 2/…` → [2]), for books in parts. */
function folderNumbers(path: string): number[] {
  return path.split('/').slice(1, -1).map((folder) => Number(/\d+/.exec(folder)?.[0] ?? Number.NaN)).filter((value) => Number.isFinite(value));
}

/** Reading order: by numbered folder (parts), then the scene's number, then path. */
function sceneOrder(a: SceneFile, b: SceneFile): number {
  const leftFolders = folderNumbers(a.path);
  const rightFolders = folderNumbers(b.path);
  for (let index = 0; index < Math.min(leftFolders.length, rightFolders.length); index += 1) {
    if (leftFolders[index] !== rightFolders[index]) return leftFolders[index]! - rightFolders[index]!;
  }
  const left = a.sceneNumber?.value ?? Number.MAX_SAFE_INTEGER;
  const right = b.sceneNumber?.value ?? Number.MAX_SAFE_INTEGER;
  return left - right || a.path.localeCompare(b.path, 'en', { numeric: true });
}

/**
 * Loads the manuscript: the outline (from the tree), every scene, character, place and lore file,
 * and `Canon.md`. Files are found through the VFS tree by their roles: any Markdown under `Story/`
 * is a scene, Compendium files by their folders' names.
 */
export async function loadManuscriptSnapshot(workspace: Workspace, options: SnapshotOptions = {}): Promise<ManuscriptSnapshot> {
  const tree = await workspace.tree();
  const entries: { path: string; role: string }[] = [];
  filesOf(tree.root, entries);
  const markdown = entries.filter((entry) => entry.path.toLowerCase().endsWith('.md'));
  const problems: ParseProblem[] = [];
  const read = (path: string): Promise<SourceText | null> => readSource(workspace, path, problems);
  const withRole = (role: string): string[] => markdown.filter((entry) => entry.role === role).map((entry) => entry.path);

  const outlinePath = options.outlinePath ?? tree.outlinePath;
  // An outline the caller named must exist; a discovered one that cannot be read is only a problem.
  const outlineSource = outlinePath === null ? null : options.outlinePath !== undefined ? await readSource(workspace, outlinePath) : await read(outlinePath);
  const outline = outlineSource === null ? null : parseOutline(outlineSource);

  const scenes: SceneFile[] = [];
  if (options.scenes !== false) {
    for (const entry of markdown.filter((file) => file.role === 'scene' && file.path !== outlinePath)) {
      const source = await read(entry.path);
      if (source) scenes.push(parseSceneFile(source));
    }
    scenes.sort(sceneOrder);
    scenes.forEach((scene, index) => (scene.position = index + 1));
  }
  const characters: CharacterCard[] = [];
  for (const path of withRole('character')) {
    const source = await read(path);
    if (source) characters.push(parseCharacterCard(source));
  }
  const places: PlaceCard[] = [];
  for (const path of withRole('place')) {
    const source = await read(path);
    if (source) places.push(parsePlaceCard(source));
  }
  const lore: LoreFile[] = [];
  for (const path of withRole('lore')) {
    const source = await read(path);
    if (source) lore.push(parseLoreFile(source));
  }
  const canon = entries.some((entry) => entry.path === CANON_VFS_PATH) ? await read(CANON_VFS_PATH) : null;
  for (const parsed of [outline, ...scenes, ...characters, ...places, ...lore]) if (parsed) problems.push(...parsed.problems);
  const names = namesWithLearning(characters, places, scenes);
  const vocabulary = collectVocabulary([...characters, ...places, ...lore].map((file) => file.source).concat(canon ? [canon] : []));
  return { tree, files: entries.map((entry) => entry.path), outline, scenes, characters, places, lore, canon, names, vocabulary, problems };
}
