import type { SkippedItem } from '../../protocol/imports.js';
import { parseFrontMatter, textField } from '../manuscript/front-matter.js';
import { parseNumberWord } from '../manuscript/numbers.js';
import type { Classified } from './expand-items.js';
import type { SourceDocument } from './source-document.js';

const SCENE_BREAK = '* * *';

/** The names a Longform index lists under `scenes:`, nested lists (sub-scenes) flattened in order. */
function listedScenes(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(listedScenes);
  return [];
}

const folderKey = (folders: readonly string[]): string => folders.join('/').toLowerCase();
const nameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();

/**
 * An Obsidian Longform project names its scenes, in story order, in its index note's front matter
 * (`longform: { scenes: [The Loom Shed, Market Day] }`); their files carry only titles. Gives each
 * listed file its place in that list, and drops the index itself (it holds no prose), with the
 * reason in the report. Files outside every index keep the order they had.
 */
export function applyLongformOrder(documents: readonly SourceDocument[], skipped: SkippedItem[]): SourceDocument[] {
  const order = new Map<string, number>();
  const indexes = new Set<string>();
  for (const document of documents) {
    const data = parseFrontMatter(document.origin, document.text.split(/\r?\n/)).data;
    const longform = data.longform;
    if (longform === null || typeof longform !== 'object' || Array.isArray(longform)) continue;
    const scenes = listedScenes((longform as Record<string, unknown>).scenes);
    if (scenes.length === 0) continue;
    indexes.add(document.id);
    const sceneFolder = typeof (longform as Record<string, unknown>).sceneFolder === 'string' ? String((longform as Record<string, unknown>).sceneFolder) : '/';
    const folders = [...document.folders, ...sceneFolder.split('/').filter((part) => part !== '' && part !== '.')];
    scenes.forEach((scene, index) => order.set(`${folderKey(folders)}\u0000${nameKey(scene)}`, index + 1));
    skipped.push({ origin: document.origin, reason: `a Longform index: its ${scenes.length} scenes were read in the order it lists` });
  }
  if (indexes.size === 0) return [...documents];
  return documents
    .filter((document) => !indexes.has(document.id))
    .map((document) => {
      const place = order.get(`${folderKey(document.folders)}\u0000${nameKey(document.name)}`);
      return place === undefined ? document : { ...document, order: place, hint: document.hint ?? 'chapter' };
    });
}

/** A front-matter number: `3`, `"03"`, `three`, `Chapter 3`. */
function numberField(data: Record<string, unknown>, keys: readonly string[]): number | null {
  for (const key of keys) {
    const text = textField(data, key);
    if (text === null) continue;
    const digits = /^(?:(?:chapter|ch\.?|scene|sc\.?)\s*)?(\d+)$/i.exec(text);
    if (digits) return Number(digits[1]);
    const word = parseNumberWord(text.replace(/^(?:chapter|scene)\s+/i, ''));
    if (word !== null) return word;
  }
  return null;
}

const CHAPTER_KEYS = ['chapter', 'chapter_number', 'chapterNumber', 'ch'];
const SCENE_KEYS = ['scene', 'scene_number', 'sceneNumber', 'sc'];

interface SceneFile {
  item: Classified;
  chapter: number;
  scene: number | null;
  lines: string[];
  bodyStart: number;
}

/** The scene's lines without front matter, and without the blank lines around them. */
function bodyOf(scene: Pick<SceneFile, 'lines' | 'bodyStart'>): string {
  return scene.lines.slice(scene.bodyStart - 1).join('\n').trim();
}

/** A chapter's scenes as one text, a scene break between each two. */
function joinedBodies(bodies: readonly string[]): string {
  return bodies.filter((body) => body !== '').join(`\n\n${SCENE_BREAK}\n\n`);
}

/** A scene file's lines, and where its text starts after any front matter. */
function sceneLines(item: Classified): Pick<SceneFile, 'lines' | 'bodyStart'> {
  const lines = item.text.replace(/\n$/, '').split('\n');
  return { lines, bodyStart: parseFrontMatter(item.document.origin, lines).bodyStart };
}

/** The first scene's front matter without its scene number (the joined file is the chapter, not one scene). */
function chapterFrontMatter(scene: SceneFile): string[] {
  if (scene.bodyStart === 1) return [];
  const block = scene.lines.slice(0, scene.bodyStart - 1);
  return block.filter((line) => !new RegExp(`^(?:${SCENE_KEYS.join('|')})\\s*:`, 'i').test(line));
}

/**
 * Writers who keep one file per scene say which chapter each belongs to in its front matter
 * (`chapter: 3`, `scene: 2`). When two or more scene files name the same chapter, each chapter's
 * scenes are joined, in scene order, into one chapter (scene breaks between them), placed by its
 * number. Else scene files in chapter folders are joined by folder (see `joinFolderScenes`).
 * Chapters kept one to a file, or without a chapter number, are left as they are.
 */
export function joinSceneFiles(chapters: readonly Classified[]): Classified[] {
  const scenes = new Map<Classified, SceneFile>();
  for (const item of chapters) {
    const lines = item.text.replace(/\n$/, '').split('\n');
    const frontMatter = parseFrontMatter(item.document.origin, lines);
    const chapter = numberField(frontMatter.data, CHAPTER_KEYS);
    if (chapter !== null) scenes.set(item, { item, chapter, scene: numberField(frontMatter.data, SCENE_KEYS), lines, bodyStart: frontMatter.bodyStart });
  }
  const byChapter = new Map<number, SceneFile[]>();
  for (const scene of scenes.values()) byChapter.set(scene.chapter, [...(byChapter.get(scene.chapter) ?? []), scene]);
  if (![...byChapter.values()].some((group) => group.length >= 2)) return joinFolderScenes(chapters) ?? [...chapters];
  const joined = new Map<Classified, Classified | null>();
  for (const [chapter, group] of byChapter) {
    group.sort((a, b) => (a.scene ?? Number.MAX_SAFE_INTEGER) - (b.scene ?? Number.MAX_SAFE_INTEGER) || a.item.document.origin.localeCompare(b.item.document.origin, 'en', { numeric: true }));
    const first = group[0]!;
    const text = [...chapterFrontMatter(first), joinedBodies(group.map(bodyOf))].join('\n');
    const document = { ...first.item.document, origin: group.map((scene) => scene.item.document.origin).join(' + '), order: chapter };
    joined.set(first.item, { ...first.item, document, text: `${text}\n`, reason: group.length === 1 ? first.item.reason : `${group.length} scenes of chapter ${chapter} (their front matter says so)` });
    for (const scene of group.slice(1)) joined.set(scene.item, null);
  }
  return chapters.flatMap((item) => {
    if (!joined.has(item)) return [item];
    const result = joined.get(item);
    return result ? [result] : [];
  });
}

// A folder numbered and titled as a chapter (`03-The Long Night`, `04 Midwinter`), not a part or an act.
const CHAPTER_FOLDER = /^(\d{1,3})[\s._-]+(?!(?:part|act|book|volume|section)\b)(\p{L}.*)$/iu;
// A file that is a chapter of its own, whatever folder holds it.
const CHAPTER_FILE = /^(?:\d{1,3}[\s._-]+)?(?:chapter|ch\.?)\s*\d/i;

/**
 * Chapters kept as folders of scene files (`outline/03-The Long Night/01-Ice.md`, as Manuskript
 * keeps them): when every file sits in a folder numbered and titled as a chapter, two or more
 * folders, and one holds two scenes or more, each folder's scenes are joined, in file order, into
 * one chapter with the folder's title, placed by the folder's number. Null otherwise.
 */
function joinFolderScenes(chapters: readonly Classified[]): Classified[] | null {
  const folders = new Map<string, { number: number; title: string; items: Classified[] }>();
  for (const item of chapters) {
    const folder = item.document.folders.at(-1);
    const named = folder === undefined ? null : CHAPTER_FOLDER.exec(folder.trim());
    if (named === null || CHAPTER_FILE.test(item.document.name)) return null;
    const key = item.document.folders.join('/');
    const group = folders.get(key) ?? { number: Number(named[1]), title: named[2]!.trim(), items: [] };
    group.items.push(item);
    folders.set(key, group);
  }
  if (folders.size < 2 || ![...folders.values()].some((group) => group.items.length >= 2)) return null;
  return [...folders.values()].map(({ number, title, items }) => {
    const sorted = [...items].sort((a, b) => (a.document.order ?? 0) - (b.document.order ?? 0) || a.document.origin.localeCompare(b.document.origin, 'en', { numeric: true }));
    const first = sorted[0]!;
    const text = [`# ${title}`, '', joinedBodies(sorted.map((item) => bodyOf(sceneLines(item))))].join('\n');
    const document = { ...first.document, name: `${String(number).padStart(2, '0')} ${title}`, origin: sorted.map((item) => item.document.origin).join(' + '), order: number };
    return { ...first, document, text: `${text}\n`, reason: sorted.length === 1 ? first.reason : `${sorted.length} scenes of the chapter folder "${first.document.folders.at(-1)}"` };
  });
}

/** The chapter number a chapter's front matter gives it (`chapter: 3`, `order: 3`), if any. */
export function frontMatterChapter(item: Classified): number | null {
  return numberField(parseFrontMatter(item.document.origin, item.text.split('\n')).data, [...CHAPTER_KEYS, 'order']);
}
