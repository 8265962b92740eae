import { CANON_VFS_PATH, type TextSpan, type VfsNode } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { NUMBER_WORDS, type ScopeItem } from './parse-absence-detail.js';

/** The files an absence claim's scope covers, or why it cannot be searched as stated. */
export type ResolvedScope =
  | { ok: true; files: string[] }
  | { ok: false; problems: Array<{ message: string; span: TextSpan }> };

export interface ManuscriptFiles {
  all: string[];
  /** Scene or chapter files in reading order, each with its number (from its name, else its place). */
  scenes: Array<{ path: string; number: number }>;
  outline: string | null;
  /** Files that are placeholders, not manuscript: `Canon.md` before the canon index is built. */
  placeholders: string[];
}

function filesOf(node: VfsNode, into: Array<{ path: string; role: string }>): void {
  if (node.type === 'file') into.push({ path: node.path, role: node.role });
  else for (const child of node.children) filesOf(child, into);
}

/** The first number of a file name: `SCN-04-…` → 4, `01 The Ferry.md` → 1, `chapter-12.md` → 12. */
function numberInName(path: string): number | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const match = /(\d{1,4})/.exec(name);
  return match ? Number(match[1]) : null;
}

/** The manuscript's files, its scenes in reading order and its outline. */
export async function manuscriptFiles(workspace: Workspace): Promise<ManuscriptFiles> {
  const tree = await workspace.tree();
  const entries: Array<{ path: string; role: string }> = [];
  filesOf(tree.root, entries);
  // A scene is any Markdown or text file of the story folder other than the outline, whatever its name.
  const storyFiles = entries.filter(
    (entry) =>
      entry.path !== tree.outlinePath &&
      (entry.role === 'scene' || (entry.path.startsWith('Story/') && /\.(?:md|markdown|txt)$/i.test(entry.path))),
  );
  const numbered = storyFiles.map((entry, index) => ({ path: entry.path, named: numberInName(entry.path), index }));
  const allNumbered = numbered.every((entry) => entry.named !== null);
  numbered.sort((left, right) =>
    allNumbered ? (left.named ?? 0) - (right.named ?? 0) || left.path.localeCompare(right.path) : left.index - right.index,
  );
  const scenes = numbered.map((entry, position) => ({ path: entry.path, number: allNumbered ? (entry.named ?? 0) : position + 1 }));
  const all = entries.map((entry) => entry.path);
  const canon = all.includes(CANON_VFS_PATH) ? await workspace.stat(CANON_VFS_PATH).catch(() => null) : null;
  return { all, scenes, outline: tree.outlinePath, placeholders: canon?.placeholder ? [CANON_VFS_PATH] : [] };
}

const SCENE_ID = /^SCN-0*(\d+)(?!\d)/i;
/** What may stand between two scene ids to make them a range: `SCN-01…SCN-08`, `SCN-01 to SCN-08`. */
const RANGE_JOINER = /^\s*(?:…|\.{2,3}|[-–—]|to|through|thru|until)\s*$/i;

function numberList(text: string): { numbers: number[]; ranges: Array<[number, number]> } {
  const numbers: number[] = [];
  const ranges: Array<[number, number]> = [];
  const body = text.replace(/^\s*[A-Za-z]+\s+/, '');
  const number = `(\\d{1,4}|${NUMBER_WORDS.join('|')})`;
  const value = (token: string): number => (/^\d+$/.test(token) ? Number(token) : NUMBER_WORDS.indexOf(token.toLowerCase()) + 1);
  for (const match of body.matchAll(new RegExp(`\\b${number}(?:\\s*(?:[-–—…]|\\.{2,3}|to|through|thru)\\s*${number})?`, 'gi'))) {
    const first = value(match[1] ?? '');
    if (match[2] !== undefined) ranges.push([first, value(match[2])]);
    else numbers.push(first);
  }
  return { numbers, ranges };
}

/**
 * Resolves an absence claim's scope to the files it names. Every part must name something that
 * exists: a file or folder of the manuscript, a scene id, a numbered range of scenes or chapters
 * that the manuscript has in full, or "every scene" / "the whole manuscript". A scope that names
 * more than exists ("scenes 1–8" when there are two), or that cannot be tied to files ("Act 2"
 * without an outline saying which files it holds), is refused, so no claim is searched in less than
 * it says. So is a part naming only `Canon.md` before the canon index is built: a placeholder.
 */
export async function resolveAbsenceScope(scope: readonly ScopeItem[], detail: string, detailStart: number, workspace: Workspace): Promise<ResolvedScope> {
  const files = await manuscriptFiles(workspace);
  const chosen = new Set<string>();
  const problems: Array<{ message: string; span: TextSpan }> = [];
  const sceneNumbered = (number: number): string | null => files.scenes.find((scene) => scene.number === number)?.path ?? null;
  // A placeholder holds no manuscript text: a part of the scope that names only placeholders names nothing.
  const addFiles = (found: readonly string[], item: ScopeItem, missing: string): void => {
    const real = found.filter((file) => !files.placeholders.includes(file));
    if (found.length === 0) {
      problems.push({ message: missing, span: item.span });
    } else if (real.length === 0) {
      const message =
        `The scope names ${item.text}, but ${found.join(', ')} is a placeholder until the canon index is built ` +
        '(control-room canon index), so there is nothing in it to search; name the scene or Compendium files checked.';
      problems.push({ message, span: item.span });
    }
    for (const file of real) chosen.add(file);
  };
  const addScenes = (first: number, last: number, span: TextSpan, said: string): void => {
    if (last < first) {
      problems.push({ message: `${said} runs backwards; name the first scene first.`, span });
      return;
    }
    const missing: number[] = [];
    for (let number = first; number <= last; number += 1) {
      const path = sceneNumbered(number);
      if (path) chosen.add(path);
      else missing.push(number);
    }
    if (missing.length > 0) {
      const have = files.scenes.map((scene) => scene.number);
      problems.push({
        message: `The scope names ${said}, but the manuscript has no scene ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''} (its scenes are numbered ${have.length > 0 ? have.join(', ') : 'none'}); claim only what was searched.`,
        span,
      });
    }
  };
  for (let index = 0; index < scope.length; index += 1) {
    const item = scope[index] as ScopeItem;
    const next = scope[index + 1];
    if (item.kind === 'path' || item.kind === 'scene') {
      const between = next ? detail.slice(item.span.end - detailStart, next.span.start - detailStart) : '';
      const firstNumber = SCENE_ID.exec(item.text.slice(item.text.lastIndexOf('/') + 1))?.[1];
      const lastNumber = next ? SCENE_ID.exec(next.text.slice(next.text.lastIndexOf('/') + 1))?.[1] : undefined;
      if (next && firstNumber !== undefined && lastNumber !== undefined && RANGE_JOINER.test(between)) {
        addScenes(Number(firstNumber), Number(lastNumber), { start: item.span.start, end: next.span.end }, `${item.text}…${next.text}`);
        index += 1;
        continue;
      }
    }
    if (item.kind === 'path') {
      const path = item.text.replace(/[.)\]:]+$/, '');
      const folder = path.endsWith('/') ? path : `${path}/`;
      const exact = files.all.filter((file) => file === path);
      const inside = files.all.filter((file) => file.startsWith(folder));
      // `Story/Scenes/SCN-01` names `Story/Scenes/SCN-01-the-lamp-room.md`: a name up to its slug.
      const named = files.all.filter((file) => file.startsWith(path) && /^[-._ ]/.test(file.slice(path.length)));
      const found = exact.length > 0 ? exact : inside.length > 0 ? inside : named;
      addFiles(found, item, `The scope names ${item.text}, which is not in the manuscript; name files or scenes that exist.`);
    } else if (item.kind === 'scene') {
      const number = SCENE_ID.exec(item.text)?.[1];
      const path = number !== undefined
        ? sceneNumbered(Number(number))
        : (files.scenes.find((scene) => (scene.path.split('/').pop() ?? '').toLowerCase().startsWith(item.text.toLowerCase()))?.path ?? null);
      if (path) chosen.add(path);
      else problems.push({ message: `The scope names ${item.text}, which is not a scene of the manuscript; name scenes that exist.`, span: item.span });
    } else if (item.kind === 'range') {
      if (/^(?:acts?|parts?)\b/i.test(item.text)) {
        problems.push({ message: `"${item.text}" cannot be searched as files; name the scenes or files it covers (e.g. Story/Scenes/ or SCN-03…SCN-05).`, span: item.span });
        continue;
      }
      const { numbers, ranges } = numberList(item.text);
      for (const number of numbers) addScenes(number, number, item.span, item.text);
      for (const [first, last] of ranges) addScenes(first, last, item.span, item.text);
    } else {
      const text = item.text.toLowerCase();
      const found = /manuscript|book|novel|story/.test(text)
        ? files.all
        : /outline/.test(text)
          ? (files.outline ? [files.outline] : [])
          : /card|compendium/.test(text)
            ? files.all.filter((path) => path.startsWith('Compendium/'))
            : /canon/.test(text)
              ? files.all.filter((path) => path === 'Canon.md')
              : /scene|chapter/.test(text) || !/files?\b/.test(text)
                ? files.scenes.map((scene) => scene.path)
                : files.all;
      // Every part of a scope names at least one file: "the outline" of a book without one names nothing.
      addFiles(found, item, `The scope names ${item.text}, which the manuscript does not have; name files that exist.`);
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, files: [...chosen].sort() };
}
