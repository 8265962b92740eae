import type { ParseProblem } from './finding.js';
import type { SourceText } from './file-ref.js';
import { parseFrontMatter, textField, type FrontMatter } from './front-matter.js';
import type { Located } from './labelled-line.js';

/** A scene file: what its front matter says about it and where its prose starts. */
export interface SceneFile {
  source: SourceText;
  path: string;
  /** File name without folder and `.md`, e.g. `SCN-08-letters`. */
  fileStem: string;
  /** The stem without the `SCN-` prefix and number, e.g. `letters`. */
  slug: string;
  /** The number in the file name (`SCN-08-…` → 8), if any. */
  fileNumber: number | null;
  title: Located<string> | null;
  pov: Located<string> | null;
  /** The `scene:` front-matter number, else the file-name number (line 0 when only from the name). */
  sceneNumber: Located<number> | null;
  when: Located<string> | null;
  frontMatter: FrontMatter;
  /** First line of prose (after front matter and the title heading). */
  bodyStart: number;
  problems: ParseProblem[];
}

/** `SCN-08-letters.md` → stem, slug and number. */
export function sceneNameParts(path: string): { fileStem: string; slug: string; fileNumber: number | null } {
  const fileStem = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
  const match = /^SCN[-_ ]?(\d+)?[-_ ]?(.*)$/i.exec(fileStem);
  const fileNumber = match?.[1] === undefined ? null : Number(match[1]);
  const slug = (match?.[2] ?? fileStem).toLowerCase();
  return { fileStem, slug: slug === '' ? fileStem.toLowerCase() : slug, fileNumber };
}

function locatedText(frontMatter: FrontMatter, key: string): Located<string> | null {
  const value = textField(frontMatter.data, key);
  return value === null ? null : { value, line: frontMatter.keyLines.get(key) ?? 1 };
}

/** Parses a scene file. Missing or broken front matter is reported in `problems`, never thrown. */
export function parseSceneFile(source: SourceText): SceneFile {
  const frontMatter = parseFrontMatter(source.path, source.lines);
  const { fileStem, slug, fileNumber } = sceneNameParts(source.path);
  const problems: ParseProblem[] = frontMatter.problem ? [frontMatter.problem] : [];
  let bodyStart = frontMatter.bodyStart;
  let title = locatedText(frontMatter, 'title');
  // The first heading is the title when the front matter has none, and is never prose.
  for (let line = bodyStart; line <= source.lines.length; line += 1) {
    const text = source.lines[line - 1]!;
    if (text.trim() === '') continue;
    const heading = /^#\s+(.+?)\s*#*\s*$/.exec(text);
    if (heading) {
      title ??= { value: heading[1]!, line };
      bodyStart = line + 1;
    }
    break;
  }
  const numberText = textField(frontMatter.data, 'scene') ?? textField(frontMatter.data, 'scene_number');
  const parsedNumber = numberText === null ? Number.NaN : Number(/\d+/.exec(numberText)?.[0]);
  const numberLine = frontMatter.keyLines.get('scene') ?? frontMatter.keyLines.get('scene_number') ?? 0;
  const sceneNumber = Number.isFinite(parsedNumber)
    ? { value: parsedNumber, line: numberLine }
    : fileNumber === null
      ? null
      : { value: fileNumber, line: 0 };
  if (!frontMatter.present) {
    problems.push({ code: 'front_matter_missing', message: `${source.path} has no front matter (title, pov, scene, when).`, path: source.path, line: 1 });
  }
  return {
    source,
    path: source.path,
    fileStem,
    slug,
    fileNumber,
    title,
    pov: locatedText(frontMatter, 'pov'),
    sceneNumber,
    when: locatedText(frontMatter, 'when'),
    frontMatter,
    bodyStart,
    problems,
  };
}
