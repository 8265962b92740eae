import { parse as parseYaml } from 'yaml';
import { splitLines } from '../vfs/index.js';

/** A block of prose between blank lines, with the file lines it spans (1-based). */
export interface SceneParagraph {
  /** The paragraph's lines joined with `\n`. */
  text: string;
  startLine: number;
  endLine: number;
}

/** The front matter of a scene: where it is, and the fields the analyzer reports. */
export interface SceneFrontMatter {
  startLine: number;
  endLine: number;
  title: string | null;
  pov: string | null;
}

/** A scene file split into its front matter and the paragraphs the metrics look at. */
export interface SceneText {
  /** Number of lines in the whole file. */
  lineCount: number;
  frontMatter: SceneFrontMatter | null;
  paragraphs: SceneParagraph[];
}

const FENCE = '---';
// Markdown headings and scene-break rules (`***`, `* * *`, `---`, `#`) structure the file; they are
// not sentences, so they end a paragraph and count for nothing.
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const SCENE_BREAK = /^\s*([*\-_#~=•·]\s*){1,}$/;

function isStructural(line: string): boolean {
  return HEADING.test(line) || SCENE_BREAK.test(line);
}

function textField(data: unknown, key: string): string | null {
  if (typeof data !== 'object' || data === null || !(key in data)) return null;
  const value = (data as Record<string, unknown>)[key];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

function readFrontMatter(lines: readonly string[]): SceneFrontMatter | null {
  if (lines[0]?.trim() !== FENCE) return null;
  // An unclosed fence is not front matter: treating the whole file as metadata would hide the prose.
  const closing = lines.findIndex((line, index) => index > 0 && (line.trim() === FENCE || line.trim() === '...'));
  if (closing < 0) return null;
  let data: unknown = null;
  try {
    data = parseYaml(lines.slice(1, closing).join('\n'));
  } catch {
    data = null; // malformed YAML still bounds the block; the analyzer just reports no fields
  }
  return { startLine: 1, endLine: closing + 1, title: textField(data, 'title'), pov: textField(data, 'pov') };
}

/** Splits a scene file into front matter (excluded from metrics) and paragraphs with real line numbers. */
export function splitScene(content: string): SceneText {
  const lines = splitLines(content);
  const frontMatter = readFrontMatter(lines);
  const paragraphs: SceneParagraph[] = [];
  let block: string[] = [];
  let blockStart = 0;
  const flush = (): void => {
    if (block.length > 0) paragraphs.push({ text: block.join('\n'), startLine: blockStart, endLine: blockStart + block.length - 1 });
    block = [];
  };
  for (let index = frontMatter === null ? 0 : frontMatter.endLine; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || isStructural(line)) {
      flush();
      continue;
    }
    if (block.length === 0) blockStart = index + 1;
    block.push(line);
  }
  flush();
  return { lineCount: lines.length, frontMatter, paragraphs };
}
