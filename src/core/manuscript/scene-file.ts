import type { ParseProblem } from './finding.js';
import type { SourceText } from './file-ref.js';
import { parseFrontMatter, textField, type FrontMatter } from './front-matter.js';
import type { Located } from './labelled-line.js';
import { parseNumberWord } from './numbers.js';

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
  /** 1-based place in the manuscript's reading order, set when the snapshot orders the scenes (0 before). */
  position: number;
  frontMatter: FrontMatter;
  /** First line of prose (after front matter and the title heading). */
  bodyStart: number;
  problems: ParseProblem[];
}

// `SCN-08-letters`, `01 The Ferry`, `ch03_harbour`, `Chapter 12 - Ice`, `Chapter Seven`, a diary's `Entry 09 - Monday`.
const SCN_NAME = /^SCN[-_ ]?(\d+)?[-_ ]?(.*)$/i;
const NUMBERED_NAME = /^(?:(?:chapter|chap|ch|scene|sc|part|entry|episode|letter)[\s._-]*)?(\d+|[a-z]+(?:-[a-z]+)?)(?![a-z0-9])[\s._:,)—–-]*(.*)$/i;

/** `SCN-08-letters.md` or `03 The Ferry.md` → stem, slug and number (the leading or chapter number). */
export function sceneNameParts(path: string): { fileStem: string; slug: string; fileNumber: number | null } {
  const fileStem = path.slice(path.lastIndexOf('/') + 1).replace(/\.(?:md|markdown|txt)$/i, '');
  const scn = SCN_NAME.exec(fileStem);
  if (scn && /^SCN/i.test(fileStem)) {
    const slug = (scn[2] ?? fileStem).toLowerCase();
    return { fileStem, slug: slug === '' ? fileStem.toLowerCase() : slug, fileNumber: scn[1] === undefined ? null : Number(scn[1]) };
  }
  const numbered = NUMBERED_NAME.exec(fileStem);
  const keyword = numbered !== null && /^(?:chapter|chap|ch|scene|sc|part)/i.test(fileStem);
  // A word number counts only after a keyword (`Chapter Seven`), never as a title's first word.
  const value = numbered === null ? null : /^\d+$/.test(numbered[1]!) ? Number(numbered[1]) : keyword ? parseNumberWord(numbered[1]!) : null;
  if (value === null) return { fileStem, slug: fileStem.toLowerCase(), fileNumber: null };
  const rest = numbered![2]!.trim().toLowerCase();
  return { fileStem, slug: rest === '' ? fileStem.toLowerCase() : rest, fileNumber: value };
}

function locatedText(frontMatter: FrontMatter, key: string): Located<string> | null {
  const value = textField(frontMatter.data, key);
  return value === null ? null : { value, line: frontMatter.keyLines.get(key) ?? 1 };
}

const NUMBER_KEYS = ['scene', 'scene_number', 'chapter', 'chapter_number', 'number', 'order'];
const WHEN_KEYS = ['when', 'day', 'date', 'time'];
const POV_KEYS = ['pov', 'viewpoint', 'point_of_view', 'narrator'];

/**
 * A plain-text chapter's title line: a short first line standing alone (`1. CHECK-IN`, `CHAPTER
 * ONE`, `Interlude: The Gull`), without the number it starts with; null for a line of prose or speech.
 */
function plainTitleLine(text: string, next: string): string | null {
  const trimmed = text.trim();
  if (next.trim() !== '' || /[.!?,;:"“”'’)\]]$/.test(trimmed) || /^["“'‘([-]/.test(trimmed) || trimmed.split(/\s+/).length > 8) return null;
  const title = trimmed.replace(/^\d+\s*[.):—–-]\s*/, '').trim();
  return title === '' ? null : title;
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
    // (Any level: a diary entry may open `## Sunday, 4 March 1923`.)
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text);
    const titleLine = heading ? heading[1]! : plainTitleLine(text, source.lines[line] ?? '');
    if (titleLine !== null) {
      title ??= { value: titleLine, line };
      bodyStart = line + 1;
    }
    break;
  }
  const numberKey = NUMBER_KEYS.find((key) => textField(frontMatter.data, key) !== null);
  const numberText = numberKey === undefined ? null : textField(frontMatter.data, numberKey);
  const parsedNumber = numberText === null ? Number.NaN : Number(/\d+/.exec(numberText)?.[0]);
  const numberLine = numberKey === undefined ? 0 : frontMatter.keyLines.get(numberKey) ?? 0;
  const sceneNumber = Number.isFinite(parsedNumber)
    ? { value: parsedNumber, line: numberLine }
    : fileNumber === null
      ? null
      : { value: fileNumber, line: 0 };
  // The product's own `SCN-` files promise front matter; a writer's chapter needs none.
  if (!frontMatter.present && /^SCN[-_ ]/i.test(fileStem)) {
    problems.push({ code: 'front_matter_missing', message: `${source.path} has no front matter (title, pov, scene, when).`, path: source.path, line: 1 });
  }
  return {
    source,
    path: source.path,
    fileStem,
    slug,
    fileNumber,
    title,
    pov: POV_KEYS.map((key) => locatedText(frontMatter, key)).find((value) => value !== null) ?? null,
    sceneNumber,
    when: WHEN_KEYS.map((key) => locatedText(frontMatter, key)).find((value) => value !== null) ?? null,
    position: 0,
    frontMatter,
    bodyStart,
    problems,
  };
}

/** The number a chapter's title states ("Chapter 8", "Chapter Eight: The Flood"), if any. */
export function titleNumber(scene: Pick<SceneFile, 'title'>): number | null {
  const match = /^\s*(?:chapter|chap\.?|ch\.?)\s+(\d+|[a-z]+(?:-[a-z]+)?)\b/i.exec(scene.title?.value ?? '');
  if (match === null) return null;
  return /^\d+$/.test(match[1]!) ? Number(match[1]) : parseNumberWord(match[1]!.toLowerCase());
}
