import type { Workspace } from '../ports/index.js';
import { manuscriptFiles } from './absence-scope.js';
import type { UnnamedScope } from './absence-scope-residue.js';
import { headingsOf, titleKey } from './markdown-headings.js';
import type { QuoteIndex } from './quote-index.js';

/** A title compared without case, punctuation or a leading article: "The Lamp Room" is "lamp room". */
function bareKey(title: string): string {
  return titleKey(title).replace(/^(?:the|a|an) /, '');
}

/** The names a scene file goes by: its front-matter title, its first heading, the words of its file name. */
function namesOf(path: string, original: string, firstHeading: string | undefined): string[] {
  const names: string[] = [];
  const frontTitle = /^---\r?\n(?:.*\r?\n)*?title:\s*["']?(.+?)["']?\s*\r?\n/.exec(original.slice(0, 2000))?.[1];
  if (frontTitle) names.push(frontTitle);
  if (firstHeading) names.push(firstHeading);
  const name = (path.split('/').pop() ?? '').replace(/\.[^.]+$/, '').replace(/^(?:SCN|CH|chapter|scene)?[-_ ]*\d+[-_ .]*/i, '');
  if (name !== '') names.push(name.replace(/[-_]+/g, ' '));
  return names.map(bareKey).filter((key) => key !== '');
}

/**
 * Resolves scope phrases that name a scene by its title ("The Lamp Room", "the Harbour House
 * scene"): the words before the title must not themselves name anything ("checked", "in" may
 * stand there; "the pub near" may not). Returns the files found and the phrases that name none.
 */
export async function scenesByTitle(
  phrases: readonly UnnamedScope[],
  workspace: Workspace,
  index: QuoteIndex,
): Promise<{ files: string[]; unresolved: UnnamedScope[] }> {
  if (phrases.length === 0) return { files: [], unresolved: [] };
  const titled = new Map<string, string>();
  for (const scene of (await manuscriptFiles(workspace)).scenes) {
    const file = await index.file(workspace, scene.path).catch(() => null);
    if (!file) continue;
    for (const key of namesOf(scene.path, file.original, headingsOf(file)[0]?.title)) if (!titled.has(key)) titled.set(key, scene.path);
  }
  const files: string[] = [];
  const unresolved: UnnamedScope[] = [];
  for (const phrase of phrases) {
    let words = phrase.words.map((word) => word.text);
    // "the Lamp Room scene": the trailing kind word is not part of the title.
    if (words.length > 1 && /^(?:scene|chapter)s?$/i.test(words[words.length - 1] ?? '')) words = words.slice(0, -1);
    let found: string | undefined;
    for (let start = 0; start < words.length && found === undefined; start += 1) {
      found = titled.get(bareKey(words.slice(start).join(' ')));
      if (phrase.words[start]?.flagged) break;
    }
    if (found !== undefined) files.push(found);
    else unresolved.push(phrase);
  }
  return { files, unresolved };
}
